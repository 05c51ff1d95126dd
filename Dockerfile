# One image for the gateway and the web server (docker-compose.yml picks the command).
# Dependencies first, so source edits do not re-run `npm ci`.
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY gateway/package.json gateway/
COPY web/package.json web/
# Development dependencies stay: the servers run their TypeScript through tsx.
RUN npm ci --no-audit --no-fund
COPY . .
# codegen (resolver types, typed documents) and the web build (client + server bundles).
RUN npm run build
ENV NODE_ENV=production
# The enquiry outbox (a volume in docker-compose.yml), writable by the unprivileged user.
RUN mkdir -p /var/lib/lawfirm/outbox && chown -R node:node /var/lib/lawfirm
USER node
EXPOSE 3000 4000
CMD ["node", "scripts/start.mjs"]
