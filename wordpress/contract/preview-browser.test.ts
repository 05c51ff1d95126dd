// An editor previews a draft, end to end: the real WordPress with the companion plugin (preview
// constants set as wp-config.php would, through the fixture must-use plugin's headers), the gateway
// and the web server as `npm start` runs them (the built site: `npm run build` first), and Chromium.
// Logged in to wp-admin, the editor opens the drafts list and follows the draft's Preview link: it
// leads to the site, which shows the draft's title in the post's page under the preview bar, with a
// link back to the editor, and answers private, no-store, noindex. WordPress signs the link for at
// most ten minutes. The same address with its token altered, or with a token past its time, shows
// nothing of the draft, and the draft's public address is still not found after the preview.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { PREVIEW_TOKEN_MAX_LIFETIME_S, signPreviewToken } from '@site/server-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/lib/chromium.mjs';
import {
  FIXTURE_PREVIEW_SECRET_HEADER,
  FIXTURE_SITE_URL_HEADER,
  installFixture,
  removeFixture,
} from './lib/companion.js';
import { startChildGateway, type ChildGateway } from './lib/gateway.js';
import { startChildWeb, type ChildWeb } from './lib/web.js';
import { CONTRACT_SLUG_PREFIX, credentials, deletePost, RUN_DIR, wpRest } from './lib/wordpress.js';

const SECRET = randomBytes(33).toString('base64url');
const tag = randomBytes(3).toString('hex');
const TITLE = `Preview in the browser ${tag}`;

function adminPassword(): string {
  const line = readFileSync(path.join(RUN_DIR, 'credentials.env'), 'utf8')
    .split('\n')
    .find((l) => l.startsWith('WORDPRESS_ADMIN_PASSWORD='));
  const password = process.env.WORDPRESS_ADMIN_PASSWORD || line?.slice('WORDPRESS_ADMIN_PASSWORD='.length);
  if (!password) throw new Error('no WORDPRESS_ADMIN_PASSWORD: run npm run wordpress:up first');
  return password;
}

let gateway: ChildGateway;
let web: ChildWeb;
let browser: Browser;
let draftId = 0;
const SLUG = `${CONTRACT_SLUG_PREFIX}preview-browser-${tag}`;

beforeAll(async () => {
  const { url, user, appPassword } = credentials();
  installFixture();
  gateway = await startChildGateway({
    WORDPRESS_URL: url,
    WORDPRESS_USER: user,
    WORDPRESS_APP_PASSWORD: appPassword,
    PREVIEW_SECRET: SECRET,
    RATE_LIMIT_GRAPHQL: '0',
  });
  web = await startChildWeb({ GATEWAY_URL: `${gateway.url}/graphql`, PREVIEW_SECRET: SECRET });
  const created = await wpRest<{ id: number }>('POST', '/posts', {
    body: {
      status: 'draft',
      slug: SLUG,
      title: TITLE,
      content: '<!-- wp:paragraph --><p>Seen only by the editor.</p><!-- /wp:paragraph -->',
    },
  });
  expect(created.status).toBe(201);
  draftId = created.json.id;
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await web?.stop();
  await gateway?.stop();
  removeFixture();
  if (draftId) await deletePost(draftId, true);
});

describe('previewing a draft from wp-admin', () => {
  it("opens the draft on the site, in the post's page under the preview bar", async () => {
    const { url: wordpressUrl, user } = credentials();
    const context = await browser.newContext({
      // What wp-config.php would define; sent to the site too, which ignores them.
      extraHTTPHeaders: { [FIXTURE_SITE_URL_HEADER]: web.url, [FIXTURE_PREVIEW_SECRET_HEADER]: SECRET },
    });
    try {
      const page = await context.newPage();
      await page.goto(`${wordpressUrl}/wp-login.php`);
      // WordPress focuses the user field and selects its text 200 ms after the page loads
      // (wp_attempt_focus): typing before that could land the password in the user field.
      await page.waitForFunction("document.activeElement?.id === 'user_login'");
      await page.fill('#user_login', user);
      await page.fill('#user_pass', adminPassword());
      expect(await page.inputValue('#user_login')).toBe(user);
      await Promise.all([page.waitForURL(/\/wp-admin\//), page.click('#wp-submit')]);

      await page.goto(`${wordpressUrl}/wp-admin/edit.php?post_status=draft&post_type=post`);
      const row = page.locator(`#post-${draftId}`);
      await row.hover();
      const preview = row.locator('.row-actions a', { hasText: 'Preview' });
      const href = await preview.getAttribute('href');
      expect(href).toMatch(new RegExp(`^${web.url}/preview/post/${draftId}\\?token=`));
      // {type}.{id}.{user}.{exp}.{signature}, signed by the plugin for ten minutes at most.
      const signed = new URL(href!).searchParams.get('token')!.split('.');
      expect(signed.slice(0, 2)).toEqual(['post', String(draftId)]);
      const lifetime = Number(signed[3]) - Math.floor(Date.now() / 1000);
      expect(lifetime).toBeGreaterThan(0);
      expect(lifetime).toBeLessThanOrEqual(PREVIEW_TOKEN_MAX_LIFETIME_S);

      // The link may open in this tab or a new one, as WordPress chooses.
      const opened = context.waitForEvent('page', { timeout: 5000 }).catch(() => null);
      const answer = page.waitForResponse((r) => r.url().startsWith(`${web.url}/preview/`));
      await preview.click();
      const response = await answer;
      const site = (await opened) ?? page;
      await site.waitForLoadState('domcontentloaded');

      expect(response.status()).toBe(200);
      expect(response.headers()['cache-control']).toBe('private, no-store');
      expect(response.headers()['x-robots-tag']).toBe('noindex, nofollow');
      await expect.poll(() => site.locator('h1').first().textContent()).toBe(TITLE);
      const bar = site.locator('[data-preview-bar]');
      expect(await bar.textContent()).toContain('Preview — not published');
      expect(await bar.locator('a', { hasText: 'Back to the editor' }).getAttribute('href')).toBe(
        `${wordpressUrl}/wp-admin/post.php?post=${draftId}&action=edit`,
      );
      expect(await site.textContent('body')).toContain('Seen only by the editor.');
      expect(await site.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');

      // The same address with its token altered: 403 and nothing of the draft. The signature's
      // first character is altered: all six of its bits are signature bits.
      const altered = href!.replace(
        /(\.)([A-Za-z0-9_-])([A-Za-z0-9_-]{42})$/,
        (_all, dot: string, c: string, rest: string) => `${dot}${c === 'A' ? 'B' : 'A'}${rest}`,
      );
      expect(altered).not.toBe(href);
      const refused = await site.goto(altered);
      expect(refused!.status()).toBe(403);
      expect(await site.textContent('body')).not.toContain(TITLE);

      // A token for this draft and this editor, rightly signed, but past its time: 403 as well.
      const expired = signPreviewToken(SECRET, {
        type: 'post',
        id: draftId,
        user: Number(signed[2]),
        exp: Math.floor(Date.now() / 1000) - 120,
      });
      const late = await site.goto(`${web.url}/preview/post/${draftId}?token=${encodeURIComponent(expired)}`);
      expect(late!.status()).toBe(403);
      expect(await site.textContent('body')).not.toContain(TITLE);

      // The preview left nothing in the public site: the draft's address is not found.
      const publicPage = await site.goto(`${web.url}/blog/${SLUG}`);
      expect(publicPage!.status()).toBe(404);
      expect(await site.textContent('body')).not.toContain(TITLE);
    } finally {
      await context.close();
    }
  });
});
