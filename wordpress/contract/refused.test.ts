// A firm's own WordPress refusing the site, as the /wp-admin helper reports it: the REST API closed
// to visitors who are not logged in (a security plugin), and practice areas missing (no companion
// plugin). The fixture must-use plugin acts the part only on requests through the header proxy, so
// the rest of this WordPress stays as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_ADVICE, PLUGIN_ADVICE } from '../../gateway/src/resolvers/connection-advice.js';
import { FIXTURE_HEADER, installFixture, startHeaderProxy, type HeaderProxy } from './lib/companion.js';
import { inProcessGateway, type InProcessGateway } from './lib/gateway.js';

interface Behind {
  proxy: HeaderProxy;
  gw: InProcessGateway;
}

const behind: Behind[] = [];
let removeFixture: (() => void) | undefined;

async function gatewayBehind(fixture: string): Promise<Behind> {
  const proxy = await startHeaderProxy({ [FIXTURE_HEADER]: fixture });
  const gw = await inProcessGateway(proxy.url);
  const one = { proxy, gw };
  behind.push(one);
  return one;
}

const CONNECTION = '{ connection { status message } }';

beforeAll(() => {
  removeFixture = installFixture();
});

afterAll(async () => {
  for (const { gw, proxy } of behind) {
    await gw.close();
    await proxy.close();
  }
  removeFixture?.();
});

describe('a WordPress that refuses the site', () => {
  it('closed to visitors who are not logged in: the helper says so, with the setting to change', async () => {
    const { proxy, gw } = await gatewayBehind('rest-login');
    // What WordPress really answers there.
    const answer = await fetch(`${proxy.url}/wp-json/wp/v2/posts?per_page=1`);
    expect(answer.status).toBe(401);
    expect(((await answer.json()) as { code: string }).code).toBe('rest_not_logged_in');

    const res = await gw.query<{ connection: { status: string; message: string } }>(CONNECTION);
    expect(res.data!.connection).toEqual({
      status: 'ERROR',
      message: `Connection failed: WordPress API error: 401 (rest_not_logged_in). ${LOGIN_ADVICE}`,
    });
  });

  it('without practice areas (no companion plugin): the helper names the plugin', async () => {
    const { proxy, gw } = await gatewayBehind('no-companion');
    const answer = await fetch(`${proxy.url}/wp-json/wp/v2/practice_areas?per_page=1`);
    expect(answer.status).toBe(404);
    expect(((await answer.json()) as { code: string }).code).toBe('rest_no_route');
    // Posts are still there.
    expect((await fetch(`${proxy.url}/wp-json/wp/v2/posts?per_page=1`)).status).toBe(200);

    const res = await gw.query<{ connection: { status: string; message: string } }>(CONNECTION);
    expect(res.data!.connection).toEqual({
      status: 'ERROR',
      message: `Connection failed: WordPress API error: 404 (rest_no_route). ${PLUGIN_ADVICE}`,
    });
  });
});
