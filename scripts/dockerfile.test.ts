import { describe, expect, it } from 'vitest';
import { dockerignore, execForm, parseCopy, parseDockerfile, parseEnv } from './dockerfile.mjs';

const SAMPLE = `# syntax=docker/dockerfile:1
# A comment
FROM node:24-bookworm-slim AS build
WORKDIR /app
RUN npm ci \\
  # a comment inside a continued line
  --no-audit

from node:24-bookworm-slim
ENV NODE_ENV=production LOG_LEVEL=info
COPY --from=build --chown=node:node /app/gateway/dist gateway/dist
COPY package.json package-lock.json ./
CMD ["node", "gateway/dist/main.js"]
`;

describe('parseDockerfile', () => {
  const stages = parseDockerfile(SAMPLE);

  it('reads stages, their names and instructions, joining continued lines', () => {
    expect(stages.map((s) => [s.image, s.name, s.line])).toEqual([
      ['node:24-bookworm-slim', 'build', 3],
      ['node:24-bookworm-slim', null, 9],
    ]);
    expect(stages[0]?.instructions).toEqual([
      { keyword: 'WORKDIR', args: '/app', line: 4 },
      { keyword: 'RUN', args: 'npm ci --no-audit', line: 5 },
    ]);
    expect(stages[1]?.instructions.map((i) => i.keyword)).toEqual(['ENV', 'COPY', 'COPY', 'CMD']);
  });

  it('reads COPY, ENV and exec-form CMD', () => {
    const [env, fromBuild, fromContext, cmd] = stages[1]?.instructions ?? [];
    expect(parseEnv(env!)).toEqual({ NODE_ENV: 'production', LOG_LEVEL: 'info' });
    expect(parseCopy(fromBuild!)).toEqual({
      from: 'build',
      sources: ['/app/gateway/dist'],
      dest: 'gateway/dist',
    });
    expect(parseCopy(fromContext!)).toEqual({
      from: null,
      sources: ['package.json', 'package-lock.json'],
      dest: './',
    });
    expect(execForm(cmd!)).toEqual(['node', 'gateway/dist/main.js']);
  });

  it('names the line of what it does not understand instead of guessing', () => {
    expect(() => parseDockerfile('RUN true\n')).toThrow(/line 1: RUN before any FROM/);
    expect(() => parseDockerfile('# only a comment\n')).toThrow(/no FROM/);
    const [stage] = parseDockerfile(
      'FROM node:24\nCOPY packages/*/package.json ./\nCOPY --exclude=x a b\nCMD node x.js\n',
    );
    const [wildcard, flag, shellCmd] = stage?.instructions ?? [];
    expect(() => parseCopy(wildcard!)).toThrow(/line 2: COPY with a wildcard/);
    expect(() => parseCopy(flag!)).toThrow(/line 3: COPY --exclude/);
    expect(() => execForm(shellCmd!)).toThrow(/line 4: CMD must use the exec form/);
  });
});

describe('dockerignore', () => {
  const ignored = dockerignore('# comment\n.git\n**/node_modules\n**/dist\n*.log\nweb/src/gql\n/.env\n');

  it('leaves out what Docker leaves out: a name at the root, at any depth with **/, and what is in it', () => {
    expect(
      ['.git/config', 'node_modules/x/index.js', 'gateway/node_modules/lru-cache', 'web/dist/client'].filter(
        (p) => !ignored(p),
      ),
    ).toEqual([]);
    expect(ignored('web/src/gql/graphql.ts')).toBe(true);
    expect(ignored('server.log')).toBe(true);
    expect(ignored('.env')).toBe(true);
  });

  it('keeps the rest, and a pattern without **/ only where it is written', () => {
    expect(
      [
        'content',
        'content/uploads/a.jpg',
        'schema.graphql',
        './package.json',
        'web/src/app',
        'logs/a.log',
        'web/.env',
      ].filter((p) => ignored(p)),
    ).toEqual([]);
  });

  it('refuses exceptions rather than read them wrong', () => {
    expect(() => dockerignore('dist\n!dist/keep\n')).toThrow(/exceptions \(!dist\/keep\)/);
  });
});
