// Links between articles. WordPress writes a link to another post or page as its own permalink,
// on its own host (http://{wordpress}/{slug}/). The visitors read the website, not WordPress (whose
// theme here only points editors to wp-admin), so a body served by the gateway must not send them
// to WordPress's pages: such a link has to lead to the site's page for that post (/blog/{slug}) or
// page (/{slug}). Files under /wp-content/uploads/ are WordPress's to serve and stay as they are.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE, SINGLE_POST } from '../../gateway/test/queries.js';
import { readContent, type Content } from './lib/content.js';
import { inProcessGateway, type InProcessGateway } from './lib/gateway.js';
import { credentials } from './lib/wordpress.js';

let content: Content;
let gw: InProcessGateway;

beforeAll(async () => {
  content = await readContent();
  gw = await inProcessGateway(credentials().url);
});
afterAll(() => gw?.close());

/** hrefs of a body that open one of WordPress's own pages. */
function linksToWordPressPages(html: string, origin: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)]
    .map((m) => m[1] as string)
    .filter((href) => href.startsWith(`${origin}/`) && !href.startsWith(`${origin}/wp-content/`));
}

describe('links between articles in bodies', () => {
  it('lead to the website’s pages, never to WordPress’s', async () => {
    const { url } = credentials();
    const found: string[] = [];
    for (const { slug } of content.posts) {
      const res = await gw.query<{ post: { contentHtml: string } }>(SINGLE_POST, { slug });
      expect(res.errors).toBeUndefined();
      for (const href of linksToWordPressPages(res.data!.post.contentHtml, url))
        found.push(`post ${slug}: ${href}`);
    }
    for (const { slug } of content.pages) {
      const res = await gw.query<{ page: { contentHtml: string } }>(PAGE, { slug });
      expect(res.errors).toBeUndefined();
      for (const href of linksToWordPressPages(res.data!.page.contentHtml, url))
        found.push(`page ${slug}: ${href}`);
    }
    expect(found).toEqual([]);
  });
});
