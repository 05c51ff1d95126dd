# One image for the gateway and the web server (docker-compose.yml gives each its command), in two
# stages: `build` installs everything and compiles the site; the final stage holds Node 24, the
# production dependencies and what the servers read at run time, and nothing else: no TypeScript, no
# tsx, no test or build tools (docs/decisions/0001-compiled-production.md). No Docker engine runs on
# our build machines: `npm run test:runtime` (scripts/runtime-stage.mjs) rebuilds the final stage from
# this file in a temporary folder and starts it.

FROM node:24-bookworm-slim AS build
WORKDIR /app
# Dependencies first, so source edits do not re-run `npm ci`.
COPY package.json package-lock.json ./
COPY gateway/package.json gateway/
COPY web/package.json web/
COPY packages/content-model/package.json packages/content-model/
COPY packages/server-kit/package.json packages/server-kit/
RUN npm ci --no-audit --no-fund
COPY . .
# codegen, the web build (client and SSR bundles, the compiled web server), the compiled gateway, and
# the GraphQL sandbox (served only with GRAPHQL_SANDBOX=true).
RUN npm run build && npm run build:sandbox -w gateway

FROM node:24-bookworm-slim
# MALLOC_MMAP_THRESHOLD_: scripts/start-env.mjs (RUNTIME_ENV) says why; a test keeps the two equal.
ENV NODE_ENV=production MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
# The production dependencies, from the manifests in the build context: this layer does not wait for
# the build stage and is reused until a manifest or the lock file changes.
COPY package.json package-lock.json ./
COPY gateway/package.json gateway/
COPY web/package.json web/
COPY packages/content-model/package.json packages/content-model/
COPY packages/server-kit/package.json packages/server-kit/
# No install scripts: the only one is the root's `patch-package` (a development tool; the patches in
# patches/ change what the build compiles, and the bundles copied below already carry them).
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
# What the servers run and read: the compiled servers, the web bundles, the sandbox, the schema the
# gateway serves and the embedded content snapshot (served when WORDPRESS_URL is unset; its images
# under /wp-content/uploads/). Owned by root: the unprivileged user cannot change them.
COPY --from=build /app/gateway/dist gateway/dist
COPY --from=build /app/gateway/sandbox/dist gateway/sandbox/dist
COPY --from=build /app/web/dist web/dist
COPY schema.graphql ./
COPY content content
# The enquiry outbox and the image cache (volumes in docker-compose.yml), writable by the unprivileged user.
RUN mkdir -p /var/lib/lawfirm/outbox && mkdir -p /var/lib/lawfirm/media && chown -R node:node /var/lib/lawfirm
USER node
EXPOSE 3000 4000
# The gateway; docker-compose.yml runs the web server from this image with its own command.
CMD ["node", "gateway/dist/main.js"]
