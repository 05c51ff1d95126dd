// The home page (brief §1, §2; issue 3): hero, About Our Firm, Our Practice Areas, Successful Case
// Stories, contact, and the section aliases that open it scrolled to a section.
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { WIDTHS, pageTest } from '../lib/browser.js';
import { acceptEnquiries } from '../lib/graphql.js';
import { assertScrolledTo, waitForScrollEnd, waitForScrollY, waitForScrolledTo } from '../lib/scroll.js';
import { PRACTICE_PAGES, fetchRaw, siteFacts } from '../lib/site.js';
import { drawWholePage, headerLink, waitForHeading } from '../lib/ui.js';

const facts = await siteFacts();
const { site } = facts;

const ALIASES = [
  { path: '/about', section: 'about' },
  { path: '/practice-areas', section: 'practice' },
  { path: '/testimonials', section: 'testimonials' },
  { path: '/contact-us', section: 'contact' },
] as const;

for (const width of WIDTHS) {
  describe(`home page at ${width}px`, () => {
    pageTest('hero: the two texts of brief §1 and a call button', width, async ({ page, goto }) => {
      await goto('/');
      const hero = page.locator('main section').first();
      assert.ok(await hero.getByText('Criminal Defence Since 1985', { exact: true }).isVisible());
      assert.equal(
        await hero.getByRole('heading', { level: 1 }).innerText(),
        'Trusted Criminal Defence When Your Future Is At Stake',
      );
      assert.equal(await page.evaluate(() => window.scrollY), 0, 'the home page opens at the top');
      const heroImg = hero.locator('img').first();
      if (await heroImg.count()) {
        assert.notEqual(await heroImg.getAttribute('loading'), 'lazy', 'the hero image is not lazy');
        assert.ok(await heroImg.getAttribute('width'), 'the hero image has width/height (no layout shift)');
      }
    });

    pageTest(
      'About Our Firm: Law Partners, Excellence in Legal Practice, three stat cards, the claims',
      width,
      async ({ page, goto }) => {
        await goto('/');
        const about = page.locator('#about');
        assert.equal(await about.getByRole('heading', { name: 'About Our Firm', exact: true }).count(), 1);
        assert.ok(await about.getByText('Law Partners', { exact: true }).isVisible());
        assert.ok(
          await about.getByRole('heading', { name: 'Excellence in Legal Practice', exact: true }).isVisible(),
        );
        await drawWholePage(page);
        const text = await page.locator('main').innerText();
        for (const claim of ['40+', '900+', '95%', '15', '24/7', '1985']) {
          assert.ok(text.includes(claim), `the home page states '${claim}' (brief §1 claims)`);
        }
        const aboutText = await about.innerText();
        const stats = ['40+', '900+', '95%', '15'].filter((v) =>
          new RegExp(`(^|\\s)${v.replace('+', '\\+')}(\\s|$)`).test(aboutText),
        );
        assert.ok(stats.length >= 3, `three stat cards in About Our Firm, found values ${stats.join(', ')}`);
      },
    );

    pageTest(
      "Our Practice Areas: a card for every area (the seven built-in, then WordPress's) with icon, title, description, badges, checklist and Learn More",
      width,
      async ({ page, goto }) => {
        await goto('/');
        await drawWholePage(page);
        const section = page.locator('#practice');
        assert.equal(
          await section.getByRole('heading', { name: 'Our Practice Areas', exact: true, level: 2 }).count(),
          1,
        );
        const cards = section.locator('article');
        const areas = facts.practiceAreas;
        assert.ok(areas.length > 7, 'the content snapshot has practice areas written in WordPress');
        assert.equal(await cards.count(), areas.length, 'one card per practice area');
        const titles: string[] = [];
        for (const card of await cards.all()) {
          const title = (await card.getByRole('heading').first().innerText()).trim();
          titles.push(title);
          const text = await card.innerText();
          for (const t of [
            'Expert',
            'Free Consultation',
            'Expert Legal Team',
            '24/7 Support',
            '10+ Years Experience',
          ]) {
            assert.ok(text.includes(t), `card '${title}' shows '${t}'`);
          }
          assert.ok((await card.locator('svg').count()) >= 1, `card '${title}' has an icon`);
          const description = text.replace(title, '').trim();
          assert.ok(description.length > 40, `card '${title}' has a description`);
          const learn = card.getByRole('link', { name: /Learn More/ });
          assert.equal(await learn.count(), 1, `card '${title}' has one Learn More link`);
          const href = (await learn.getAttribute('href'))!;
          const res = await fetchRaw(href);
          assert.equal(res.status, 200, `Learn More of '${title}' (${href}) reaches a page directly`);
          if (width === 375) {
            const box = (await learn.boundingBox())!;
            assert.ok(box.height >= 44, `Learn More of '${title}' is a 44px tap target (${box.height})`);
          }
        }
        assert.deepEqual(
          titles.slice(0, 7),
          PRACTICE_PAGES.map((p) => p.title),
          'the seven built-in areas of brief §2, in order',
        );
        assert.deepEqual(
          titles,
          areas.map((a) => a.title),
          'then the areas written in WordPress',
        );
        const columns = await cards.evaluateAll(
          (els) => new Set(els.map((e) => Math.round(e.getBoundingClientRect().top))).size,
        );
        assert.equal(
          columns,
          width === 1280 ? Math.ceil(areas.length / 3) : areas.length,
          `rows of cards: 3 columns on desktop, 1 on phones`,
        );
        await section
          .getByRole('link', { name: /Learn More/ })
          .nth(2)
          .click();
        await page.waitForURL((u) => u.pathname.startsWith('/practice-areas/bail-hearings'));
        await waitForHeading(page, 'Bail Hearings');
      },
    );

    pageTest(
      'Successful Case Stories: three testimonial cards with name, role, content, image, case type, outcome, five stars',
      width,
      async ({ page, goto }) => {
        await goto('/');
        await drawWholePage(page);
        const section = page.locator('#testimonials');
        assert.equal(
          await section.getByRole('heading', { name: 'Successful Case Stories', exact: true }).count(),
          1,
        );
        assert.equal(site.testimonials.length >= 3, true, 'the site has three testimonials');
        const text = await section.innerText();
        for (const t of site.testimonials.slice(0, 3)) {
          for (const field of [t.name, t.role, t.caseType, t.outcome])
            assert.ok(text.includes(field), `testimonial shows '${field}'`);
          assert.ok(text.includes(t.content.slice(0, 60)), `testimonial of ${t.name} shows its content`);
          assert.equal(t.rating, 5);
        }
        const stars = section.locator('[role="img"][aria-label*="5"]');
        assert.equal(await stars.count(), 3, 'each card has a five-star rating with a text alternative');
        assert.equal(
          (await section
            .locator('svg')
            .filter({ has: page.locator('polygon, path') })
            .count()) >= 15,
          true,
          'fifteen star icons',
        );
        const images = await section.locator('img').evaluateAll((imgs) =>
          imgs.map((i) => ({
            src: (i as HTMLImageElement).currentSrc || (i as HTMLImageElement).src,
            alt: i.getAttribute('alt'),
          })),
        );
        assert.equal(images.length, 3, 'one image per testimonial');
        for (const i of images) assert.ok(i.alt !== null, `image ${i.src} has an alt attribute`);
        for (const outcome of ['Charges Reduced', 'Custody Secured', 'Charges Dismissed']) {
          assert.ok(text.includes(outcome), `brief §3 outcome '${outcome}'`);
        }
      },
    );

    pageTest(
      'contact section: hours, 24/7 line, 24-hour replies, Ghaziabad, phone, e-mail and the five form fields',
      width,
      async ({ page, goto }) => {
        await goto('/');
        await drawWholePage(page);
        const contact = page.locator('#contact');
        const text = await contact.innerText();
        assert.match(text, /Monday\s*(to|–|-)\s*Saturday/, 'Monday to Saturday');
        assert.match(text, /10\s?AM\s*(–|-|to)\s*8\s?PM/i, '10AM-8PM');
        assert.match(text, /Sunday[^\n]*Closed/i, 'Sunday closed');
        assert.ok(text.includes('24/7'), 'the 24/7 emergency line');
        assert.match(text, /24 hours/, 'replies within 24 hours');
        assert.ok(text.includes('Ghaziabad'), 'the office is in Ghaziabad');
        assert.ok(await contact.locator(`a[href="${site.phoneHref}"]`).first().isVisible(), 'phone link');
        assert.ok(await contact.locator(`a[href="mailto:${site.email}"]`).first().isVisible(), 'e-mail link');
        const form = contact.locator('form');
        assert.equal(await form.count(), 1, 'one contact form');
        const field = (name: RegExp) => form.getByLabel(name).first();
        assert.equal(
          await field(/^Name|Full name|Your name/i).evaluate((e) => e.tagName),
          'INPUT',
          'name field',
        );
        assert.equal(
          await field(/e-?mail/i).getAttribute('type'),
          'email',
          'the e-mail field has the email type',
        );
        assert.equal(await field(/phone/i).evaluate((e) => e.tagName), 'INPUT', 'phone field');
        assert.equal(await field(/subject/i).evaluate((e) => e.tagName), 'INPUT', 'subject field');
        const message = field(/message/i);
        assert.equal(await message.evaluate((e) => e.tagName), 'TEXTAREA', 'message is a textarea');
        assert.equal(await message.getAttribute('rows'), '6', 'the message has 6 rows');
        if (width === 375) {
          const box = (await field(/e-?mail/i).boundingBox())!;
          assert.ok(box.height >= 44, `form fields are 44px tall on phones (${box.height})`);
        }
      },
    );

    for (const alias of ALIASES) {
      for (const path of [alias.path, `${alias.path}/`]) {
        pageTest(
          `${path} renders the home page scrolled to #${alias.section}, 96 px below the top`,
          width,
          async ({ page, goto }) => {
            await goto(path);
            await waitForScrollEnd(page);
            assert.equal(
              await page.locator('main h1').innerText(),
              'Trusted Criminal Defence When Your Future Is At Stake',
              'the home page',
            );
            assert.ok((await page.evaluate(() => window.scrollY)) > 100, 'the page scrolled');
            await assertScrolledTo(page.locator(`#${alias.section}`), `#${alias.section} on ${path}`);
          },
        );
      }
    }

    pageTest(
      'the contact form keeps what a visitor typed before the scripts arrived, and counts that time as time on the form',
      width,
      async ({ page }) => {
        // A slow phone: the page is usable while its script is still on the way.
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route(/\/assets\/islands-[^/]*\.js$/, async (route) => {
          await held;
          await route.continue();
        });
        const sent = await acceptEnquiries(page);
        await page.goto('/contact-us/', { waitUntil: 'load' });
        const typed: Record<string, string> = {
          name: 'Asha Verma',
          email: 'asha@example.com',
          phone: '98100 12345',
          subject: 'Bail for my brother',
          message: 'My brother was arrested last night in Ghaziabad. Can you help with bail?',
        };
        for (const [field, text] of Object.entries(typed)) await page.fill(`#contact-${field}`, text);
        assert.equal(
          await page.locator('[data-island="contact-form"][data-hydrated]').count(),
          0,
          'typed before the form hydrated',
        );
        release();
        // On /contact-us/ the form is on the first screen: its code comes with the page.
        await page.locator('#contact form button[type="submit"]').waitFor();
        for (const [field, text] of Object.entries(typed))
          assert.equal(await page.inputValue(`#contact-${field}`), text, `${field} kept through hydration`);
        // When the form is sent, in the page's own clock (which starts when the page was shown): a
        // capturing listener on window runs just before the form's handler.
        await page.evaluate(() =>
          window.addEventListener(
            'submit',
            () => document.documentElement.setAttribute('data-submitted-at', String(performance.now())),
            { capture: true, once: true },
          ),
        );
        await page
          .locator('#contact form')
          .getByRole('button', { name: /send message/i })
          .click();
        await page.getByText('Message sent').waitFor();
        const submittedAt = Number(await page.locator('html').getAttribute('data-submitted-at'));
        const input = sent[0];
        assert.ok(input, 'the enquiry was sent');
        for (const [field, text] of Object.entries(typed)) assert.equal(input[field], text, `${field} sent`);
        const elapsed = Number(input.elapsedMs);
        assert.ok(
          elapsed >= Math.floor(submittedAt) - 5 && elapsed <= submittedAt + 100,
          `time on the form (${elapsed} ms) counts from when the page was shown (sent ${Math.round(submittedAt)} ms after it), not from hydration`,
        );
      },
    );

    pageTest(
      'the contact form sends a number abroad, and the gateway keeps it as typed and in E.164',
      width,
      async ({ page, goto }) => {
        const outbox = process.env.E2E_OUTBOX_DIR;
        assert.ok(outbox, 'e2e/run.mjs gives the site an outbox of its own (E2E_OUTBOX_DIR)');
        await goto('/contact-us/');
        await page.locator('#contact form button[type="submit"]').waitFor();
        const name = `Oliver Bennett ${width}`;
        const typed: Record<string, string> = {
          name,
          email: 'oliver.bennett@example.co.uk',
          phone: '+44 20 7946 0958',
          subject: 'Family property in Ghaziabad',
          message: 'I live in London and need advice about a family property dispute in Ghaziabad.',
        };
        for (const [field, text] of Object.entries(typed)) await page.fill(`#contact-${field}`, text);
        // Each field is checked as the visitor leaves it: the number abroad is no error.
        await page.locator('#contact-phone').blur();
        assert.equal(
          await page.locator('#contact-phone').getAttribute('aria-invalid'),
          null,
          'phone accepted',
        );
        // The gateway asks a form sent within 3 seconds of the page opening to be sent again.
        await page.waitForFunction(() => performance.now() > 3500);
        await page
          .locator('#contact form')
          .getByRole('button', { name: /send message/i })
          .click();
        await page.getByText('Message sent').waitFor();
        // The gateway answered once the enquiry was in its outbox.
        const stored = readFileSync(path.join(outbox, 'enquiries.jsonl'), 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as { type: string; enquiry?: Record<string, unknown> })
          .filter((line) => line.type === 'enquiry' && line.enquiry?.name === name);
        assert.equal(stored.length, 1, 'one enquiry stored');
        assert.deepEqual(
          [stored[0]!.enquiry!.phone, stored[0]!.enquiry!.phoneE164],
          ['+44 20 7946 0958', '+442079460958'],
          'the number as typed and in E.164',
        );
      },
    );

    pageTest(
      'navigation to a section from the home page opens the page there',
      width,
      async ({ page, goto }) => {
        await goto('/');
        await (await headerLink(page, width, 'Testimonials')).click();
        await page.waitForURL((u) => u.pathname === '/testimonials/');
        await waitForScrolledTo(page.locator('#testimonials'), '#testimonials after the nav click');
        await (await headerLink(page, width, width === 375 ? 'About' : 'About')).click();
        await page.waitForURL((u) => u.pathname === '/about/');
        await waitForScrolledTo(page.locator('#about'), '#about after the nav click');
        await (await headerLink(page, width, 'Home')).click();
        await page.waitForURL((u) => u.pathname === '/');
        assert.equal(await waitForScrollY(page, 0), 0, 'Home returns to the top');
      },
    );

    pageTest(
      'from another page, the navigation opens the home page scrolled to the section',
      width,
      async ({ page, goto }) => {
        await goto('/blog');
        await (await headerLink(page, width, 'Testimonials')).click();
        await page.waitForURL((u) => u.pathname === '/testimonials/');
        await waitForHeading(page, 'Trusted Criminal Defence When Your Future Is At Stake');
        await page.locator('#testimonials').waitFor();
        await waitForScrolledTo(page.locator('#testimonials'), '#testimonials after Blog -> Testimonials');
      },
    );
  });
}
