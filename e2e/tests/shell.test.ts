// The frame every page shares: top bar, navigation, footer, floating contact buttons, the disclaimer
// dialog, navigation between pages (documents, fetched ahead), and the page's own small script.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { DISCLAIMER_KEY, WIDTHS, pageTest, waitForHydration } from '../lib/browser.js';
import { checkA11y } from '../lib/a11y.js';
import { screenshot } from '../lib/screenshot.js';
import { scrollToFoot, waitForScrollEnd, waitForScrolledTo } from '../lib/scroll.js';
import { DIVORCE_POST, PRACTICE_PAGES, fetchRaw, siteFacts } from '../lib/site.js';
import {
  FOOTER_QUICK_LINKS,
  NAV,
  boxOf,
  drawWholePage,
  headerLink,
  menuButton,
  topBarLink,
  waitForHeading,
  waitForTitle,
} from '../lib/ui.js';

const facts = await siteFacts();
const { site } = facts;
const postUri = facts.posts?.nodes.find((p) => p.slug === DIVORCE_POST)?.uri ?? `/blog/${DIVORCE_POST}`;

/** Records every disclaimer dialog that ever enters the page, from the first byte on. */
async function watchForDialogs(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __e2eDialogs: string[] }).__e2eDialogs = seen;
    const check = () => {
      for (const el of Array.from(
        document.querySelectorAll('dialog, [role="dialog"], [role="alertdialog"], [aria-modal="true"]'),
      )) {
        const open = el instanceof HTMLDialogElement ? el.open : true;
        if (open)
          seen.push(
            `${el.tagName.toLowerCase()} at ${Math.round(performance.now())}ms: ${(el.textContent ?? '').slice(0, 60)}`,
          );
      }
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  });
}

async function dialogsSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __e2eDialogs?: string[] }).__e2eDialogs ?? []);
}

async function focusInsideDialog(page: Page): Promise<{ inside: boolean; active: string }> {
  return page.evaluate(() => {
    const dialog = document.querySelector('dialog[open], [role="dialog"]');
    const a = document.activeElement;
    const active = a
      ? `${a.tagName.toLowerCase()}${a.id ? `#${a.id}` : ''} "${(a.textContent ?? '').trim().slice(0, 30)}"`
      : 'none';
    return { inside: !!dialog && !!a && dialog.contains(a), active };
  });
}

for (const width of WIDTHS) {
  describe(`header at ${width}px`, () => {
    pageTest(
      'top bar shows the phone and e-mail as links; the round logo links home',
      width,
      async ({ page, goto }) => {
        await goto('/blog');
        const header = page.locator('header');
        const phone = await topBarLink(page, site.phoneHref);
        assert.ok(await phone.isVisible(), 'the top bar phone is visible');
        assert.match(site.phoneHref, /^tel:\+?\d+$/, 'phone link is tel:');
        assert.ok((await phone.innerText()).includes(site.phone), 'top bar shows the phone number');
        const mail = await topBarLink(page, `mailto:${site.email}`);
        assert.ok((await mail.innerText()).includes(site.email), 'top bar shows the e-mail address');
        const phoneBox = await boxOf(phone);
        assert.ok(phoneBox.y >= 0 && phoneBox.y < 120, `top bar is at the top (phone at y=${phoneBox.y})`);
        const logo = header
          .locator('a[href="/"]')
          .filter({ has: page.locator('img, svg[viewBox="0 0 64 64"]') })
          .first();
        assert.ok(await logo.isVisible(), 'a logo link to /');
        const radius = await logo
          .locator('img, svg')
          .first()
          .evaluate((img) => getComputedStyle(img).borderRadius);
        assert.ok(
          /%|9999|px/.test(radius) && radius !== '0px',
          `the logo is round (border-radius ${radius})`,
        );
        await logo.click();
        await page.waitForURL((u) => u.pathname === '/');
        await waitForHeading(page, 'Trusted Criminal Defence When Your Future Is At Stake');
      },
    );

    if (width === 1280) {
      pageTest(
        'wide navigation: the six links of brief §2 in order, no menu button',
        width,
        async ({ page, goto }) => {
          await goto('/');
          for (const item of NAV) {
            const link = page
              .locator('header')
              .getByRole('link', { name: item.label, exact: true })
              .filter({ visible: true });
            assert.equal(await link.count(), 1, `one visible '${item.label}' link`);
            assert.equal(await link.getAttribute('href'), item.href, `'${item.label}' links to ${item.href}`);
          }
          const labels = await page
            .locator('header nav a')
            .filter({ visible: true })
            .evaluateAll((as) => as.map((a) => (a.textContent ?? '').trim()));
          assert.deepEqual(
            labels,
            NAV.map((n) => n.label),
            'order of the navigation',
          );
          assert.equal(await menuButton(page).isVisible(), false, 'no menu button on a wide screen');
          const blog = await headerLink(page, width, 'Blog');
          await blog.click();
          await page.waitForURL((u) => u.pathname === '/blog');
        },
      );
    } else {
      pageTest(
        "small screens: a toggle menu with the six links ('Contact' for Contact Us) that closes on navigation",
        width,
        async ({ page, goto }) => {
          await goto('/blog');
          const button = menuButton(page);
          assert.ok(await button.isVisible(), 'a menu button');
          const bbox = await boxOf(button);
          assert.ok(
            bbox.width >= 44 && bbox.height >= 44,
            `menu button is a 44px tap target (${bbox.width}x${bbox.height})`,
          );
          assert.equal(await button.getAttribute('aria-expanded'), 'false');
          for (const item of NAV) {
            const visible = page
              .locator('header')
              .getByRole('link', { name: item.mobile, exact: true })
              .filter({ visible: true });
            assert.equal(await visible.count(), 0, `'${item.mobile}' is hidden while the menu is closed`);
          }
          await button.click();
          assert.equal(await button.getAttribute('aria-expanded'), 'true');
          const controls = await button.getAttribute('aria-controls');
          if (controls)
            assert.ok(await page.locator(`#${controls}`).isVisible(), 'aria-controls names the open menu');
          for (const item of NAV) {
            const link = page
              .locator('header')
              .getByRole('link', { name: item.mobile, exact: true })
              .filter({ visible: true });
            assert.equal(await link.count(), 1, `one visible '${item.mobile}' link in the open menu`);
            assert.equal(await link.getAttribute('href'), item.href);
            const box = await boxOf(link);
            assert.ok(box.height >= 44, `'${item.mobile}' is a 44px tap target (height ${box.height})`);
          }
          assert.equal(
            await page
              .locator('header')
              .getByRole('link', { name: 'Contact Us', exact: true })
              .filter({ visible: true })
              .count(),
            0,
            "the mobile menu says 'Contact', not 'Contact Us'",
          );
          await screenshot(page, 'menu-open');
          await checkA11y(page, 'the open mobile menu');
          await button.click();
          assert.equal(await button.getAttribute('aria-expanded'), 'false', 'the button closes the menu');
          await button.click();
          await page
            .locator('header')
            .getByRole('link', { name: 'Contact', exact: true })
            .filter({ visible: true })
            .click();
          await page.waitForURL((u) => u.pathname === '/contact-us/');
          await waitForScrolledTo(page.locator('#contact'), 'the contact section after tapping Contact');
          assert.equal(
            await button.getAttribute('aria-expanded'),
            'false',
            'the menu closes after navigating',
          );
        },
      );
    }
  });

  describe(`footer at ${width}px`, () => {
    pageTest(
      'quick links, the practice links, four social links and the copyright line',
      width,
      async ({ page, goto }) => {
        await goto('/');
        await drawWholePage(page);
        const footer = page.locator('footer');
        for (const item of FOOTER_QUICK_LINKS) {
          const link = footer.getByRole('link', { name: item.label, exact: true });
          assert.equal(await link.count(), 1, `one '${item.label}' quick link`);
          assert.equal(await link.getAttribute('href'), item.href, `'${item.label}' links to ${item.href}`);
        }
        const practice = await footer
          .locator('a[href^="/"]')
          .evaluateAll((as) =>
            as.map((a) => ({ href: a.getAttribute('href')!, text: (a.textContent ?? '').trim() })),
          );
        const quick = new Set<string>(FOOTER_QUICK_LINKS.map((l) => l.href));
        const practiceLinks = practice.filter((l) => !quick.has(l.href));
        assert.deepEqual(
          practiceLinks.slice(0, 7).map((l) => l.text),
          PRACTICE_PAGES.map((p) => p.title),
          'the footer lists the seven practice areas of brief §2 first',
        );
        assert.deepEqual(
          practiceLinks.map((l) => l.href),
          facts.practiceAreas.map((a) => a.link),
          'then the areas written in WordPress: the practice list of the whole site, in its order',
        );
        for (const l of practiceLinks) {
          const res = await fetchRaw(l.href);
          assert.equal(res.status, 200, `footer link ${l.href} reaches a page directly`);
        }
        const social = footer.locator('a[target="_blank"]');
        assert.equal(await social.count(), 4, 'four social links');
        for (const s of await social.all()) {
          assert.match((await s.getAttribute('rel')) ?? '', /\bnoopener\b/, 'social link rel=noopener');
          assert.match((await s.getAttribute('href')) ?? '', /^https:\/\//, 'social link is https');
          assert.ok(
            (await s.getAttribute('aria-label')) || (await s.innerText()).trim(),
            'social link has a name',
          );
        }
        assert.deepEqual(
          await social.evaluateAll((as) => as.map((a) => a.getAttribute('href'))),
          site.socialLinks.map((s) => s.url),
          'the social links are the configured ones',
        );
        const text = await footer.innerText();
        assert.match(
          text,
          new RegExp(
            `©\\s*${new Date().getFullYear()}\\s+${site.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
          ),
          'copyright line',
        );
        await footer.getByRole('link', { name: facts.practiceAreas[1]!.title, exact: true }).click();
        await page.waitForURL((u) => u.pathname === facts.practiceAreas[1]!.link);
        await waitForHeading(page, facts.practiceAreas[1]!.title);
      },
    );
  });

  describe(`floating call and WhatsApp buttons at ${width}px`, () => {
    for (const path of ['/', '/blog', postUri, '/practice-areas/family-law/', '/contact-us/']) {
      pageTest(
        `on ${path}: a tel: button and a WhatsApp button (new tab, noopener) stay on screen`,
        width,
        async ({ page, goto }) => {
          await goto(path);
          const floating = async (href: string) => {
            const candidates = page.locator(`a[href="${href}"]`);
            for (const a of await candidates.all()) {
              const fixed = await a.evaluate((el) => {
                for (let n: Element | null = el; n; n = n.parentElement)
                  if (getComputedStyle(n).position === 'fixed') return true;
                return false;
              });
              if (fixed && (await a.isVisible())) return a;
            }
            throw new Error(`no visible fixed-position link to ${href} on ${path}`);
          };
          if ((path === '/' || path === '/contact-us/') && width < 768) {
            // The home page's first phone screen ends with its own call button: the shortcuts stay
            // out of its way until the visitor scrolls past it, then fade in. A section address
            // renders the same page, scrolled to its section: back at its top, the same holds.
            if (path !== '/') {
              await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
              await waitForScrollEnd(page);
            }
            const shortcuts = page.locator('aside[aria-label="Contact shortcuts"]');
            assert.equal(
              await shortcuts.evaluate((el) => getComputedStyle(el).visibility),
              'hidden',
              'the shortcuts do not cover the hero on the first screen',
            );
            await page.evaluate(() => window.scrollTo({ top: window.innerHeight, behavior: 'instant' }));
            await waitForScrollEnd(page);
            await page.waitForFunction(() => {
              const el = document.querySelector('aside[aria-label="Contact shortcuts"]');
              return el && getComputedStyle(el).opacity === '1';
            });
          }
          const call = await floating(site.phoneHref);
          const whatsapp = await floating(site.whatsappUrl);
          assert.match(site.whatsappUrl, /^https:\/\/(wa\.me|api\.whatsapp\.com)\//, 'a WhatsApp chat link');
          assert.equal(await whatsapp.getAttribute('target'), '_blank', 'WhatsApp opens a new tab');
          assert.match((await whatsapp.getAttribute('rel')) ?? '', /\bnoopener\b/, 'WhatsApp rel=noopener');
          for (const [name, l] of [
            ['call', call],
            ['WhatsApp', whatsapp],
          ] as const) {
            assert.ok(
              (await l.getAttribute('aria-label')) || (await l.innerText()).trim(),
              `${name} button has a name`,
            );
            const box = await boxOf(l);
            assert.ok(box.width >= 44 && box.height >= 44, `${name} button is a 44px tap target`);
            const vp = page.viewportSize()!;
            assert.ok(
              box.x >= 0 && box.x + box.width <= vp.width && box.y >= 0 && box.y + box.height <= vp.height,
              `${name} button inside the viewport`,
            );
          }
          await scrollToFoot(page);
          const box = await boxOf(call);
          assert.ok(
            box.y + box.height <= page.viewportSize()!.height,
            'the call button stays on screen after scrolling',
          );
          // At the foot of the page the buttons sit over the footer: none of its text (the Bar
          // Council notice is its last line) may be left under them.
          const buttons = [box, await boxOf(whatsapp)];
          const covered = await page.locator('footer').evaluate((footer, buttons) => {
            const hits: string[] = [];
            const walker = document.createTreeWalker(footer, NodeFilter.SHOW_TEXT);
            for (let n = walker.nextNode(); n; n = walker.nextNode()) {
              if (!n.textContent?.trim()) continue;
              const range = document.createRange();
              range.selectNodeContents(n);
              for (const r of range.getClientRects())
                for (const b of buttons)
                  if (r.left < b.x + b.width && r.right > b.x && r.top < b.y + b.height && r.bottom > b.y)
                    hits.push(
                      `'${n.textContent.trim().slice(0, 40)}' at ${Math.round(r.right)},${Math.round(r.top)}`,
                    );
            }
            return hits;
          }, buttons);
          assert.deepEqual(covered, [], 'no footer text under the floating buttons at the foot of the page');
        },
      );
    }
  });

  describe(`disclaimer dialog at ${width}px`, () => {
    pageTest(
      'first visit: the dialog opens with focus inside, Tab stays in it, I Agree & Continue stores the flag and closes it for good',
      width,
      async ({ page, goto }) => {
        await goto('/');
        const dialog = page.getByRole('dialog');
        await dialog.waitFor({ state: 'visible' });
        await page.getByRole('button', { name: 'I Agree & Continue', exact: true }).waitFor();
        assert.ok(await page.getByRole('button', { name: 'Disagree & Leave', exact: true }).isVisible());
        await screenshot(page, 'disclaimer');
        await checkA11y(page, 'the disclaimer dialog');
        const start = await focusInsideDialog(page);
        assert.ok(start.inside, `focus starts inside the dialog (on ${start.active})`);
        assert.equal(
          await page.evaluate(() => document.activeElement?.textContent?.trim()),
          'I Agree & Continue',
          'the dialog opens with the focus on I Agree & Continue',
        );
        for (let i = 1; i <= 5; i++) {
          await page.keyboard.press('Tab');
          const f = await focusInsideDialog(page);
          assert.ok(f.inside, `after ${i} Tab press(es) focus is still inside the dialog (on ${f.active})`);
        }
        for (let i = 1; i <= 5; i++) {
          await page.keyboard.press('Shift+Tab');
          const f = await focusInsideDialog(page);
          assert.ok(
            f.inside,
            `after ${i} Shift+Tab press(es) focus is still inside the dialog (on ${f.active})`,
          );
        }
        await page.getByRole('button', { name: 'I Agree & Continue', exact: true }).click();
        await dialog.waitFor({ state: 'hidden' });
        const stored = await page.evaluate(() => Object.fromEntries(Object.entries(window.localStorage)));
        assert.equal(
          stored[DISCLAIMER_KEY],
          'true',
          `local storage ${DISCLAIMER_KEY}='true' (storage: ${JSON.stringify(stored)})`,
        );
        await page.reload({ waitUntil: 'load' });
        await waitForHydration(page);
        await page.waitForTimeout(1000);
        assert.equal(await page.getByRole('dialog').count(), 0, 'no dialog after agreeing');
      },
      { returning: false },
    );

    pageTest(
      'the dialog can be used from the keyboard alone',
      width,
      async ({ page, goto }) => {
        await goto('/blog');
        await page.getByRole('dialog').waitFor({ state: 'visible' });
        // Tab to the agree button and press Enter, as a keyboard user would.
        for (let i = 0; i < 6; i++) {
          const name = await page.evaluate(() => (document.activeElement?.textContent ?? '').trim());
          if (name === 'I Agree & Continue') break;
          await page.keyboard.press('Tab');
        }
        await page.keyboard.press('Enter');
        await page.getByRole('dialog').waitFor({ state: 'hidden' });
        assert.equal(await page.evaluate((k) => window.localStorage.getItem(k), DISCLAIMER_KEY), 'true');
      },
      { returning: false },
    );

    pageTest(
      'Disagree & Leave goes to a blank page',
      width,
      async ({ page, goto }) => {
        await goto('/');
        await page.getByRole('button', { name: 'Disagree & Leave', exact: true }).click();
        await page.waitForURL('about:blank');
        assert.equal(page.url(), 'about:blank');
      },
      { returning: false },
    );

    pageTest(
      'a returning visitor never sees it, not even for a moment while the page hydrates',
      width,
      async ({ page, goto }) => {
        await watchForDialogs(page);
        for (const path of ['/', '/blog', postUri]) {
          const res = await page.goto(path, { waitUntil: 'commit' });
          assert.equal(res?.status(), 200);
          await page.waitForLoadState('domcontentloaded');
          assert.deepEqual(await dialogsSeen(page), [], `${path}: no dialog right after load`);
          await waitForHydration(page);
          await page.waitForTimeout(800);
          assert.deepEqual(await dialogsSeen(page), [], `${path}: no dialog during or after hydration`);
        }
        await goto('/');
      },
    );
  });

  describe(`navigation at ${width}px`, () => {
    pageTest(
      'links open each page with its own head; Back returns to the page before',
      width,
      async ({ page, goto }) => {
        await goto('/');
        const homeTitle = await page.title();
        const homeDescription = await page.locator('meta[name="description"]').getAttribute('content');

        await (await headerLink(page, width, 'Blog')).click();
        await page.waitForURL((u) => u.pathname === '/blog');
        await waitForHeading(page, 'Legal Insights & Guidance');
        await page.waitForFunction((t) => document.title !== t, homeTitle);
        const blogTitle = await page.title();

        const firstCard = page
          .locator('main')
          .getByRole('link', { name: /Read More/ })
          .first();
        const target = await firstCard.getAttribute('href');
        assert.ok(target, 'a Read More link');
        const post = facts.posts!.nodes.find((p) => p.uri === new URL(target, page.url()).pathname);
        assert.ok(post, `Read More points at a post: ${target}`);
        await firstCard.click();
        await page.waitForURL((u) => u.pathname === post.uri);
        await waitForHeading(page, post.title);
        await page.waitForFunction((t) => document.title !== t, blogTitle);
        const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
        assert.ok(canonical?.includes(post.slug), `the canonical follows the route: ${canonical}`);

        await page.getByRole('link', { name: 'Back to Blog' }).first().click();
        await page.waitForURL((u) => u.pathname === '/blog' || u.pathname === '/blog/');
        await waitForHeading(page, 'Legal Insights & Guidance');
        await waitForTitle(
          page,
          blogTitle,
          'back on the blog list, its title is back (brief §2: reset on leaving)',
        );

        const area = facts.practiceAreas[0]!;
        await page.locator('footer').getByRole('link', { name: area.title, exact: true }).click();
        await page.waitForURL((u) => u.pathname === area.link);
        await waitForHeading(page, area.title);

        await page.goBack();
        await page.waitForURL((u) => u.pathname === '/blog' || u.pathname === '/blog/');
        await waitForHeading(page, 'Legal Insights & Guidance');
        // The browser restores the blog's scroll position on Back: click once the page is still.
        await waitForScrollEnd(page);

        await page.locator('header a[href="/"]').first().click();
        await page.waitForURL((u) => u.pathname === '/');
        await waitForHeading(page, 'Trusted Criminal Defence When Your Future Is At Stake');
        await waitForTitle(page, homeTitle, 'back home, the home title is back');
        assert.equal(
          await page.locator('meta[name="description"]').getAttribute('content'),
          homeDescription,
          'the home description is back',
        );
      },
    );
  });
}

describe("the site's icons", () => {
  it('every icon a page names is a raster image the build wrote; none is an SVG, which Chromium draws as a document of its own', async () => {
    const head = (await fetchRaw('/')).body.split('</head>')[0]!;
    const icons = [...head.matchAll(/<link rel="(?:icon|apple-touch-icon)"[^>]*href="([^"]+)"[^>]*>/g)];
    assert.ok(icons.length >= 2, `a favicon and a home-screen icon: ${icons.map((m) => m[0]).join(' ')}`);
    for (const [tag, href] of icons) {
      assert.doesNotMatch(tag, /svg/i, tag);
      const res = await fetchRaw(href!);
      assert.equal(res.status, 200, href);
      assert.match(res.headers.get('content-type') ?? '', /^image\/(png|x-icon|vnd\.microsoft\.icon)/, href);
    }
  });
});

describe("the page's own script", () => {
  pageTest('a first visit fetches no script file: the boot script is in the page', 375, async (tp) => {
    const asked: string[] = [];
    tp.page.on('request', (r) => {
      const url = new URL(r.url());
      if (/\.js$/.test(url.pathname) || url.pathname === '/graphql') asked.push(url.pathname);
    });
    for (const path of ['/', '/blog', postUri, '/practice-areas/family-law/']) {
      await tp.goto(path);
      await tp.page.waitForTimeout(300);
    }
    assert.deepEqual(asked, [], 'no script file and no GraphQL request');
    const inline = await tp.page.evaluate(
      () => document.querySelectorAll('script[type="module"]:not([src])[nonce]').length,
    );
    assert.equal(inline, 1, 'one inline module, with the nonce');
  });

  pageTest('the phone menu opens before anything else arrives, and without the network', 375, async (tp) => {
    const { page } = tp;
    // Nothing but the document itself: no stylesheet, image or script file could help.
    await page.route(/\/(assets|images)\//, () => new Promise<void>(() => {}));
    await page.goto('/blog', { waitUntil: 'domcontentloaded' });
    const button = page.locator('header button[aria-controls="mobile-menu"]');
    const menu = page.locator('#mobile-menu');
    const visibleIcons = () =>
      button
        .locator('svg')
        .evaluateAll((icons) =>
          icons.filter((i) => getComputedStyle(i).display !== 'none').map((i) => i.getAttribute('data-icon')),
        );
    assert.deepEqual(await visibleIcons(), ['open'], 'one icon, the menu icon');
    await button.click();
    assert.ok(await menu.isVisible(), 'the menu opens');
    assert.equal(await button.getAttribute('aria-expanded'), 'true');
    assert.equal(await button.getAttribute('aria-label'), 'Close menu');
    assert.deepEqual(await visibleIcons(), ['close'], 'the button shows the close icon');
    assert.ok(
      await menu.getByRole('link', { name: 'Contact', exact: true }).isVisible(),
      'its links are there',
    );
    await button.click();
    await menu.waitFor({ state: 'hidden' });
    assert.equal(await button.getAttribute('aria-expanded'), 'false', 'and closes');
    assert.equal(await button.getAttribute('aria-label'), 'Open menu');
    assert.deepEqual(await visibleIcons(), ['open'], 'and shows the menu icon again');
  });

  pageTest(
    'a finger opens the phone menu as it lifts, with no click after it, and closes it again',
    375,
    async (tp) => {
      const { page } = tp;
      await tp.goto('/blog');
      const button = page.locator('header button[aria-controls="mobile-menu"]');
      const menu = page.locator('#mobile-menu');
      // Closed, the menu is laid out but hidden: not seen and not in the keyboard's way.
      assert.equal(await menu.isVisible(), false);
      assert.equal(await menu.evaluate((m) => getComputedStyle(m).visibility), 'hidden');
      await page.evaluate(() => {
        const w = window as unknown as { clicks: number };
        w.clicks = 0;
        document.addEventListener('click', () => (w.clicks += 1), true);
      });
      for (let i = 0; i < 8; i += 1) {
        await page.keyboard.press('Tab');
        assert.equal(
          await page.evaluate(() => !!document.activeElement?.closest('#mobile-menu')),
          false,
          'no link of the closed menu takes the focus',
        );
      }
      await button.tap();
      assert.ok(await menu.isVisible(), 'the menu opens');
      assert.equal(await button.getAttribute('aria-expanded'), 'true');
      assert.equal(await button.getAttribute('aria-label'), 'Close menu');
      assert.equal(
        await page.evaluate(() => (window as unknown as { clicks: number }).clicks),
        0,
        'no click',
      );
      await button.tap();
      await menu.waitFor({ state: 'hidden' });
      assert.equal(await button.getAttribute('aria-expanded'), 'false', 'a second tap closes it');
    },
  );

  pageTest(
    "the page tells the browser what to fetch ahead: prerender on intent, the likely next pages once loaded and prerendered when in view at rest, the menu's pages when it opens",
    375,
    async (tp) => {
      const { page } = tp;
      await tp.goto('/');
      const rules = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLScriptElement>('script[type="speculationrules"]')].map((s) => ({
          rules: JSON.parse(s.textContent ?? '{}') as Record<
            string,
            { eagerness: string; urls?: string[] }[]
          >,
          nonce: s.nonce !== '',
        })),
      );
      assert.ok(
        rules.every((r) => r.nonce),
        'every rule carries the nonce',
      );
      assert.equal(rules[0]!.rules.prerender![0]!.eagerness, 'moderate', 'prerender on hover or touch');
      await page.waitForFunction(() => document.querySelectorAll('script[data-prefetch]').length > 0);
      const likely = await page.evaluate(() =>
        [...document.querySelectorAll('script[data-prefetch]')].flatMap(
          (s) => (JSON.parse(s.textContent ?? '{}') as { prefetch: { urls: string[] }[] }).prefetch[0]!.urls,
        ),
      );
      assert.ok(
        likely.includes('/practice-areas/family-law/'),
        `the practice pages linked from home are fetched ahead: ${likely.join(', ')}`,
      );
      // A likely link the visitor has in view, the page at rest, is prerendered.
      const prerendered = () =>
        page.evaluate(() =>
          [...document.querySelectorAll('script[data-prerender]')].flatMap(
            (s) =>
              (JSON.parse(s.textContent ?? '{}') as { prerender: { urls: string[] }[] }).prerender[0]!.urls,
          ),
        );
      const card = page.locator('main a[data-likely]').first();
      await card.scrollIntoViewIfNeeded();
      const cardHref = await card.getAttribute('href');
      await page.waitForFunction(
        (href) => document.querySelector(`script[data-prerender]`)?.textContent?.includes(`"${href}"`),
        cardHref,
      );
      await page.evaluate(() => window.scrollTo(0, 0));
      await menuButton(page).click();
      await page.waitForFunction(() =>
        [...document.querySelectorAll('script[data-prerender]')].some((s) =>
          s.textContent?.includes('"/blog"'),
        ),
      );
      const now = await prerendered();
      assert.ok(now.length <= 2, `at most two pages prerendered at once: ${now.join(', ')}`);
    },
  );

  pageTest(
    'a page fetched ahead is answered from the page cache, and a speculative search costs no search budget',
    375,
    async () => {
      await fetchRaw('/blog');
      const res = await fetchRaw('/blog', { 'Sec-Purpose': 'prefetch' });
      assert.equal(res.status, 200);
      assert.match(res.headers.get('x-cache') ?? '', /HIT|STALE/, 'from the page cache');
      const search = await fetchRaw(`/blog?q=speculative-${Date.now()}`, {
        'Sec-Purpose': 'prefetch;prerender',
      });
      assert.equal(search.status, 503, 'a search nobody asked for yet is not rendered ahead');
      assert.equal(search.headers.get('cache-control'), 'no-store');
    },
  );
});
