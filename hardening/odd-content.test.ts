// Odd content an editor can publish: a post without a title, a post with a password, words longer
// than a phone's line, and the block editor's footnotes, anchors and embeds. A fake WordPress answers as a real one does for each (lib/snapshot.ts); the
// real gateway and web server render them, and Chromium at 375 px shows them.
import type { Browser, Locator, Page } from 'playwright-core';
import { SCROLL_OFFSET, scrollPosition, waitForScrolledTo } from '../e2e/lib/scroll.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningGateway, RunningWeb } from './lib/servers.js';
import { startSiteOverSnapshot, type SiteOverSnapshot } from './lib/site-over-snapshot.js';
import { BLOCKS_POST, LONG_WORD, ODD_POSTS, recordedSnapshot, withOddPosts } from './lib/snapshot.js';

const PHONE = { width: 375, height: 780 };

let site: SiteOverSnapshot;
let gw: RunningGateway;
let web: RunningWeb;
let browser: Browser;

beforeAll(async () => {
  site = await startSiteOverSnapshot(withOddPosts(await recordedSnapshot()));
  ({ gw, web, browser } = site);
});

afterAll(() => site?.close());

async function query<T>(source: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch(gw.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: source, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data!;
}

async function onPhone<T>(path: string, look: (page: Page) => Promise<T>): Promise<T> {
  const page = await browser.newPage({ viewport: PHONE });
  try {
    const res = await page.goto(`${web.url}${path}`, { waitUntil: 'load' });
    expect(res?.status(), path).toBe(200);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
    return await look(page);
  } finally {
    await page.close();
  }
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

it('a post without a title is called "Untitled" in its heading, tab title and every list', async () => {
  const data = await query<{
    post: { title: string };
    posts: { nodes: Array<{ slug: string; title: string }> };
  }>(`query ($slug: String!) { post(slug: $slug) { title } posts(first: 6) { nodes { slug title } } }`, {
    slug: ODD_POSTS.untitled,
  });
  expect(data.post.title).toBe('Untitled');
  expect(data.posts.nodes.find((p) => p.slug === ODD_POSTS.untitled)?.title).toBe('Untitled');

  await onPhone(`/blog/${ODD_POSTS.untitled}`, async (page) => {
    expect(await page.locator('h1').first().textContent()).toBe('Untitled');
    expect(await page.title()).toMatch(/^Untitled \| /);
  });
  // The other odd posts' pages list it among the recent posts by that name, never as an empty link.
  await onPhone(`/blog/${ODD_POSTS.longWords}`, async (page) => {
    const recent = page.getByRole('complementary', { name: 'Article sidebar' }).getByRole('link');
    const names = await recent.allTextContents();
    expect(names).toContain('Untitled');
    expect(names.filter((n) => n.trim() === '')).toEqual([]);
  });
});

it('a post with a password says so instead of showing an empty article', async () => {
  const data = await query<{ post: { passwordProtected: boolean; contentHtml: string; excerpt: string } }>(
    `query ($slug: String!) { post(slug: $slug) { passwordProtected contentHtml excerpt } }`,
    { slug: ODD_POSTS.protected },
  );
  expect(data.post).toEqual({ passwordProtected: true, contentHtml: '', excerpt: '' });
  const other = await query<{ post: { passwordProtected: boolean } }>(
    `query ($slug: String!) { post(slug: $slug) { passwordProtected } }`,
    { slug: ODD_POSTS.untitled },
  );
  expect(other.post.passwordProtected).toBe(false);

  await onPhone(`/blog/${ODD_POSTS.protected}`, async (page) => {
    const article = page.locator('article');
    await expect(
      article.getByText('This article is not published on the website.').isVisible(),
    ).resolves.toBe(true);
    const contact = article.getByRole('link', { name: 'contact us' });
    expect(await contact.getAttribute('href')).toBe('/contact-us/');
  });
});

it('words longer than a phone’s line wrap: no page is wider than the phone', async () => {
  for (const path of ['/blog', `/blog?q=${LONG_WORD.slice(0, 30)}`, `/blog/${ODD_POSTS.longWords}`]) {
    await onPhone(path, async (page) => {
      expect(await page.getByText(LONG_WORD).first().isVisible(), `${path}: the long word is shown`).toBe(
        true,
      );
      expect(await pageWidth(page), path).toBe(PHONE.width);
    });
  }
  await onPhone('/', async (page) => expect(await pageWidth(page), '/').toBe(PHONE.width));
  // The table of contents lists the heading with the long word; it wraps too.
  await onPhone(`/blog/${ODD_POSTS.longWords}`, async (page) => {
    const toc = page.getByRole('navigation', { name: 'Table of Contents' });
    expect(await toc.getByRole('link', { name: `Heading ${LONG_WORD}` }).isVisible()).toBe(true);
    expect(await pageWidth(page)).toBe(PHONE.width);
  });
});

/** Where `target` sits below the top of the window once the smooth scroll to it has come to rest. */
async function restingTop(target: Locator): Promise<number> {
  await waitForScrolledTo(target, 'the jump target');
  return (await scrollPosition(target, SCROLL_OFFSET)).top;
}

it("the block editor's footnotes, anchors and embeds work on a phone, and the page keeps its own ids", async () => {
  const { footnoteId, anchor, videoTitle, videoPage, statute } = BLOCKS_POST;
  await onPhone(`/blog/${ODD_POSTS.blocks}`, async (page) => {
    await page.getByRole('button', { name: /I Agree/ }).click();
    const article = page.locator('article');
    // A footnote reference leads to its note, under the sticky header, and the note's back link returns.
    await article.getByRole('link', { name: '1', exact: true }).click();
    await page.waitForURL(`**#${footnoteId}`);
    expect(Math.round(await restingTop(page.locator(`[id="${footnoteId}"]`)))).toBe(96);
    await article.getByRole('link', { name: 'Jump to footnote reference 1' }).click();
    await page.waitForURL(`**#${footnoteId}-link`);
    expect(Math.round(await restingTop(page.locator(`[id="${footnoteId}-link"]`)))).toBe(96);
    // The editor's anchor is the heading's id: the link to it, and the table of contents, lead there.
    await article.getByRole('link', { name: 'where to apply', exact: true }).click();
    await page.waitForURL(`**#${anchor}`);
    expect(Math.round(await restingTop(page.locator(`#${anchor}`)))).toBe(96);
    const toc = page.getByRole('navigation', { name: 'Table of Contents' });
    expect(await toc.getByRole('link', { name: 'Where to apply' }).getAttribute('href')).toBe(`#${anchor}`);

    // The YouTube player is a link to the video, named by its title.
    const video = article.getByRole('link', { name: `Watch on YouTube: ${videoTitle}` });
    expect(await video.getAttribute('href')).toBe(videoPage);
    expect(await article.locator('iframe').count()).toBe(0);

    // No empty heading; every id in the page once; the heading "Main" is not the skip link's target.
    const headings = await article.locator('h1, h2, h3, h4, h5, h6').allTextContents();
    expect(headings.filter((h) => h.trim() === '')).toEqual([]);
    const ids = await page.evaluate(() => [...document.querySelectorAll('[id]')].map((e) => e.id));
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(await page.evaluate(() => document.getElementById('main')?.tagName)).toBe('MAIN');
    expect(await article.getByRole('heading', { name: 'Main', exact: true }).getAttribute('id')).toBe(
      'main-1',
    );

    // The statute in a preformatted block wraps instead of widening the page.
    expect(await article.getByText(statute).isVisible()).toBe(true);
    expect(await pageWidth(page)).toBe(PHONE.width);
  });
});
