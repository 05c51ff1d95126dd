import { describe, expect, it } from 'vitest';
import { SERVERS } from './server-bundle.mjs';
import { RUNTIME_ENV, serverCommands, startEnvironments } from './start-env.mjs';

describe('the environments of npm start and npm run dev', () => {
  it('npm run dev: the gateway in development, the web server and the build in production', () => {
    const envs = startEnvironments({ NODE_ENV: 'development', GATEWAY_PORT: '4100', PORT: '3100' });
    expect(envs.gateway.NODE_ENV).toBe('development');
    expect(envs.web.NODE_ENV).toBe('production');
    expect(envs.build.NODE_ENV).toBe('production');
    expect(envs.web.GATEWAY_URL).toBe('http://127.0.0.1:4100/graphql');
    expect(envs.web.PORT).toBe('3100');
  });

  it('npm start: production throughout, and a given GATEWAY_URL is kept', () => {
    const envs = startEnvironments({ GATEWAY_URL: 'http://10.0.0.5:4000/graphql' });
    expect([envs.gateway.NODE_ENV, envs.web.NODE_ENV, envs.build.NODE_ENV]).toEqual([
      'production',
      'production',
      'production',
    ]);
    expect(envs.web.GATEWAY_URL).toBe('http://10.0.0.5:4000/graphql');
    expect(envs.gatewayPort).toBe('4000');
  });

  it('gives both servers the allocator settings, unless the environment sets its own', () => {
    expect(RUNTIME_ENV).toEqual({ MALLOC_MMAP_THRESHOLD_: '131072' });
    const envs = startEnvironments({});
    expect([envs.gateway.MALLOC_MMAP_THRESHOLD_, envs.web.MALLOC_MMAP_THRESHOLD_]).toEqual([
      '131072',
      '131072',
    ]);
    expect(startEnvironments({ MALLOC_MMAP_THRESHOLD_: '65536' }).web.MALLOC_MMAP_THRESHOLD_).toBe('65536');
  });
});

describe('what npm start and npm run dev run', () => {
  it('npm start: the compiled servers with plain node, nothing compiled at start', () => {
    const commands = serverCommands({});
    expect(commands.map((c) => [c.name, c.args])).toEqual([
      ['gateway', ['gateway/dist/main.js']],
      ['web', ['web/dist/node/main.server.js']],
    ]);
    expect(commands.flatMap((c) => c.args).some((arg) => arg.includes('tsx') || arg.endsWith('.ts'))).toBe(
      false,
    );
    expect(commands.map((c) => c.env.NODE_ENV)).toEqual(['production', 'production']);
  });

  it('npm run dev: the TypeScript sources through tsx, the web server still in production mode', () => {
    const commands = serverCommands({ NODE_ENV: 'development', GATEWAY_PORT: '4100' });
    expect(commands.map((c) => c.args)).toEqual([
      ['--import', 'tsx', SERVERS.gateway.source],
      ['--import', 'tsx', SERVERS.web.source],
    ]);
    expect(commands.map((c) => c.env.NODE_ENV)).toEqual(['development', 'production']);
    expect(commands[1]?.env.GATEWAY_URL).toBe('http://127.0.0.1:4100/graphql');
  });
});
