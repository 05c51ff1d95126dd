// Practice areas an editor creates in WordPress, against the real WordPress: published through the
// REST API with the application password, they are listed after the seven built-in areas by their
// Order (menu_order, the post type's page attributes) and then title, each with a page at
// /practice/{slug}/, in the admin helper's list and as a choice an enquiry may name; a draft is
// not; the footer of every page links to it. The list costs WordPress its two requests cold (the
// practice pages and the practice_area summaries) and none warm, counted in WordPress's access log.
// Deleted, an area leaves the list and the footer after the publish webhook's purge.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BUILT_IN_PRACTICE_AREAS, ENQUIRY_RULES } from '@site/content-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enquiryInput, runTag, SUBMIT_ENQUIRY, type EnquiryAnswer } from './lib/enquiries.js';
import { readContent, type Content } from './lib/content.js';
import { figure } from './lib/figures.js';
import { inProcessGateway, type InProcessGateway } from './lib/gateway.js';
import { WEB } from './lib/operations.js';
import {
  CONTRACT_SLUG_PREFIX,
  credentials,
  markAccessLog,
  restPath,
  restRequestsSince,
  wpRest,
} from './lib/wordpress.js';

interface CreatedArea {
  id: number;
  slug: string;
  status: string;
  menu_order: number;
}

interface Listed {
  slug: string;
  title: string;
  description: string;
  icon: string;
  link: string;
}

const ADOPTION = `${CONTRACT_SLUG_PREFIX}adoption`;
const ZONING = `${CONTRACT_SLUG_PREFIX}zoning`;
const DRAFT = `${CONTRACT_SLUG_PREFIX}draft-area`;

const created: number[] = [];
let content: Content;
let gw: InProcessGateway;
let outboxDir: string;

async function createArea(fields: Record<string, unknown> & { slug: string }): Promise<CreatedArea> {
  const res = await wpRest<CreatedArea>('POST', '/practice_areas', { body: fields });
  if (res.status !== 201)
    throw new Error(`creating ${fields.slug}: HTTP ${res.status} ${JSON.stringify(res.json)}`);
  created.push(res.json.id);
  return res.json;
}

async function deleteArea(id: number): Promise<void> {
  const res = await wpRest('DELETE', `/practice_areas/${id}?force=true`);
  if (res.status !== 200 && res.status !== 404) {
    throw new Error(`deleting practice area ${id}: HTTP ${res.status} ${JSON.stringify(res.json)}`);
  }
}

/** Practice areas an interrupted run of this file left behind (any status), by their slug prefix. */
async function leftovers(): Promise<number[]> {
  const res = await wpRest<Array<{ id: number; slug: string }>>(
    'GET',
    '/practice_areas?status=publish,future,draft,pending,private,trash&per_page=100&context=edit&_fields=id,slug',
  );
  if (res.status !== 200 || !Array.isArray(res.json)) {
    throw new Error(`listing practice areas: HTTP ${res.status} ${JSON.stringify(res.json)}`);
  }
  return res.json.filter((a) => a.slug.startsWith(CONTRACT_SLUG_PREFIX)).map((a) => a.id);
}

async function homeList(): Promise<Listed[]> {
  const res = await gw.query<{ practiceAreas: Listed[] }>(WEB.HomePracticeAreas);
  expect(res.errors).toBeUndefined();
  return res.data!.practiceAreas;
}

/**
 * The content requests WordPress saw while `run` ran. WordPress's index (`/wp-json/`) is left out: a
 * gateway asks for it once when it starts, for the hosts WordPress names as its own (its media's),
 * and that one request may land in any window right after a start.
 */
async function requestsDuring(run: () => Promise<unknown>): Promise<string[]> {
  const mark = markAccessLog();
  await run();
  return (await restRequestsSince(mark)).map((l) => restPath(l.uri)).filter((p) => p !== '/wp-json/');
}

beforeAll(async () => {
  for (const id of await leftovers()) await deleteArea(id);
  content = await readContent();
  await createArea({
    slug: ADOPTION,
    status: 'publish',
    title: 'Contract Adoption & Guardianship',
    content: '<p>Adoption under the Juvenile Justice Act and guardianship petitions.</p>',
    excerpt: 'Adoption and guardianship before the courts of Ghaziabad.',
    menu_order: 0,
    practice_icon: 'Users',
    page_structure: {
      hero_subtitle: 'A family, made lawful',
      services_items: [{ icon: 'FileText', title: 'Adoption petitions', description: 'Drafted and argued.' }],
    },
  });
  await createArea({
    slug: ZONING,
    status: 'publish',
    title: 'Contract Zoning Appeals',
    content: '<p>Appeals against building and land-use orders.</p>',
    excerpt: 'Building and land-use appeals.',
    menu_order: 1,
    practice_icon: 'Home',
  });
  await createArea({ slug: DRAFT, status: 'draft', title: 'Contract Draft Area', menu_order: 0 });
  outboxDir = await mkdtemp(path.join(os.tmpdir(), 'contract-practice-outbox-'));
  gw = await inProcessGateway(credentials().url, { OUTBOX_DIR: outboxDir });
});

afterAll(async () => {
  await gw?.close();
  for (const id of created) await deleteArea(id);
  if (outboxDir) await rm(outboxDir, { recursive: true, force: true });
});

describe('a practice area created in WordPress', () => {
  it('is listed after the built-in areas, by Order then title, for two requests cold and none warm; a draft is not', async () => {
    let cold: Listed[] = [];
    const coldRequests = await requestsDuring(async () => (cold = await homeList()));
    expect(coldRequests.map((r) => r.split('?')[0]).sort()).toEqual(['/pages', '/practice_areas']);
    expect(coldRequests).toContain(
      '/practice_areas?per_page=100&orderby=title&order=asc&status=publish&_fields=id,date,date_gmt,modified,modified_gmt,slug,title,excerpt,menu_order,practice_icon,lang,translations,language,translation,translation_ref',
    );
    const seeded = content.practiceAreas.map((a) => ({
      slug: a.slug,
      order: a.menu_order ?? 0,
      title: content.titleOf(a.slug) ?? a.slug,
    }));
    const expected = [
      ...seeded,
      { slug: ADOPTION, order: 0, title: 'Contract Adoption & Guardianship' },
      { slug: ZONING, order: 1, title: 'Contract Zoning Appeals' },
    ]
      .sort((a, b) => a.order - b.order || a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }))
      .map((a) => a.slug);
    expect(cold.map((a) => a.slug)).toEqual([...BUILT_IN_PRACTICE_AREAS.map((a) => a.slug), ...expected]);
    expect(cold.map((a) => a.slug)).not.toContain(DRAFT);
    expect(cold.find((a) => a.slug === ADOPTION)).toEqual({
      slug: ADOPTION,
      title: 'Contract Adoption & Guardianship',
      description: 'Adoption and guardianship before the courts of Ghaziabad.',
      icon: 'Users',
      link: `/practice/${ADOPTION}/`,
      language: 'EN',
    });
    figure('practice-area list with 4 WordPress areas, cold', `${coldRequests.length} requests`);

    const warmRequests = await requestsDuring(() => homeList());
    expect(warmRequests).toEqual([]);
  });

  it('has a page at its link with its content, and an edit link in the admin helper', async () => {
    const res = await gw.query<{
      practiceArea: {
        title: string;
        link: string;
        contentHtml: string | null;
        heroSubtitle: string | null;
        services: Array<{ title: string }>;
        seo: { canonical: string };
      } | null;
    }>(WEB.PracticeAreaPage, { slug: ADOPTION });
    expect(res.errors).toBeUndefined();
    expect(res.data!.practiceArea).toMatchObject({
      title: 'Contract Adoption & Guardianship',
      link: `/practice/${ADOPTION}/`,
      contentHtml: '<p>Adoption under the Juvenile Justice Act and guardianship petitions.</p>',
      heroSubtitle: 'A family, made lawful',
      services: [{ title: 'Adoption petitions' }],
    });
    expect(res.data!.practiceArea!.seo.canonical).toMatch(new RegExp(`/practice/${ADOPTION}/$`));
    const draft = await gw.query<{ practiceArea: unknown }>(WEB.PracticeAreaPage, { slug: DRAFT });
    expect(draft.data!.practiceArea).toBeNull();

    const admin = await gw.query<{
      practiceAreas: Array<{ slug: string; origin: string; editUrl: string | null }>;
    }>(WEB.WpAdminPage);
    expect(admin.data!.practiceAreas.find((a) => a.slug === ADOPTION)).toEqual(
      expect.objectContaining({
        origin: 'WORDPRESS',
        editUrl: `${credentials().url}/wp-admin/post.php?post=${created[0]}&action=edit`,
      }),
    );
  });

  it('is in the footer of every page, in the list’s order, linking to its page; the draft is not', async () => {
    const res = await gw.query<{ site: { practiceLinks: Array<{ label: string; href: string }> } }>(
      WEB.Layout,
    );
    expect(res.errors).toBeUndefined();
    const links = res.data!.site.practiceLinks;
    expect(links).toContainEqual({
      label: 'Contract Adoption & Guardianship',
      href: `/practice/${ADOPTION}/`,
    });
    expect(links.map((l) => l.href)).toEqual((await homeList()).map((a) => a.link));
    expect(links.map((l) => l.href)).not.toContain(`/practice/${DRAFT}/`);
    // The footer's link opens the area's page.
    const page = await gw.query<{ practiceArea: { link: string } | null }>(WEB.PracticeAreaPage, {
      slug: ADOPTION,
    });
    expect(page.data!.practiceArea?.link).toBe(`/practice/${ADOPTION}/`);
    // The list behind it is the practice list's, cached: the layout costs WordPress nothing more.
    expect(await requestsDuring(() => gw.query(WEB.Layout))).toEqual([]);
  });

  it('is a practice area an enquiry may name; the draft is not', async () => {
    const tag = runTag();
    const submit = async (practiceArea: string) => {
      const res = await gw.query<{ submitEnquiry: EnquiryAnswer }>(SUBMIT_ENQUIRY, {
        input: enquiryInput(tag, 1, { practiceArea }),
      });
      expect(res.errors).toBeUndefined();
      return res.data!.submitEnquiry;
    };
    expect(await submit(ADOPTION)).toMatchObject({ ok: true, fieldErrors: [] });
    expect(await submit(DRAFT)).toEqual({
      ok: false,
      message: null,
      fieldErrors: [{ field: 'practiceArea', message: ENQUIRY_RULES.practiceArea.messages.invalid }],
    });
  });

  it('leaves the list once deleted and purged', async () => {
    const [adoption] = created;
    await deleteArea(adoption!);
    await gw.gateway.purge({ type: 'practice_area', id: adoption!, slug: ADOPTION });
    const after = await homeList();
    expect(after.map((a) => a.slug)).not.toContain(ADOPTION);
    expect(after.map((a) => a.slug)).toContain(ZONING);
    const footer = await gw.query<{ site: { practiceLinks: Array<{ href: string }> } }>(WEB.Layout);
    expect(footer.data!.site.practiceLinks.map((l) => l.href)).toEqual(after.map((a) => a.link));
    const page = await gw.query<{ practiceArea: unknown }>(WEB.PracticeAreaPage, { slug: ADOPTION });
    expect(page.data!.practiceArea).toBeNull();
  });
});
