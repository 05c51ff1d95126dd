import { describe, expect, it } from 'vitest';
import { startEnvironments } from './start-env.mjs';

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
});
