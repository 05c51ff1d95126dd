// The mail staff get about a new enquiry, against the real WordPress: enquiries posted to the
// companion plugin's route with the application password (as the gateway delivers them), the
// loopback WordPress's mail log (wordpress/local/lawfirm-local.php writes every mail there), its
// debug log, the settings page and the enquiry screens in wp-admin. The fixture must-use plugin
// (fixtures/other-plugins.php) defines LAWFIRM_ENQUIRY_NOTIFY and makes the mail transport fail,
// only on requests with its headers.
// - the addresses set on the settings page get one mail per new enquiry, naming the practice area,
//   holding a link and nothing the visitor wrote; a retry of the key sends nothing;
// - the wp-config constant wins over the setting, and the settings page shows it;
// - nothing set: the site's e-mail address;
// - a failing or throwing transport leaves exactly one enquiry, marked failed in REST and wp-admin,
//   logged without personal data; retries neither mail nor store anything; a request that dies
//   while mailing leaves the enquiry marked pending.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminSession,
  cleanUp,
  debugLinesSince,
  deleteContractItems,
  decodeEntities,
  FIXTURE_HEADER,
  FIXTURE_NOTIFY_HEADER,
  formFields,
  installFixture,
  mailsSince,
  markDebugLog,
  markMailLog,
  metaBoxes,
  removeFixture,
  rest,
  type AdminSession,
  type LoggedMail,
} from './lib/companion.js';
import { deleteEnquiries, enquiriesMatching, runTag } from './lib/enquiries.js';
import { CONTRACT_SLUG_PREFIX, credentials, wpRest } from './lib/wordpress.js';

const SETTINGS_PAGE = '/wp-admin/options-general.php?page=lawfirm-companion';
const ROUTE = '/lawfirm/v1/enquiries';

let admin: AdminSession;
let siteName: string;
let adminEmail: string;
let settingBefore: string;
let practiceArea: { id: number; slug: string } | null = null;
const created: number[] = [];
const tag = runTag();

interface Delivered {
  status: number;
  json: { id: number; created: boolean; status: string; idempotency_key: string };
}

function visitor(n: number, extra: Record<string, unknown> = {}) {
  return {
    idempotency_key: randomUUID(),
    received_at: new Date().toISOString(),
    name: `Contract Mail Visitor ${n}`,
    email: `mail-visitor-${n}@example.in`,
    phone: `+91 98765 4321${n}`,
    subject: `${tag} #${n}`,
    message: `Enquiry ${n} of ${tag}: please call me about my case.`,
    practice_area: 'family-law',
    ...extra,
  };
}

/** What a visitor wrote, none of which may appear in a mail or a log line. */
function personal(input: ReturnType<typeof visitor>): string[] {
  return [input.name, input.email, input.phone, input.subject, input.message, 'example.in', tag];
}

async function deliver(input: ReturnType<typeof visitor>, headers: Record<string, string> = {}) {
  const res = (await rest('POST', ROUTE, { body: input, headers })) as Delivered;
  if (res.json?.id) created.push(res.json.id);
  return res;
}

const mailsFor = (mails: LoggedMail[], id: number) =>
  mails.filter((m) => m.message.includes(`post.php?post=${id}&action=edit`));

async function notifyStatus(id: number) {
  const res = await wpRest<{ notify_status: { status: string; recipients: number; error: string } | null }>(
    'GET',
    `/enquiries/${id}?context=edit&_fields=notify_status`,
  );
  return res.json.notify_status;
}

/** Saves the notification field of the settings page as a browser would; returns the next page. */
async function saveSetting(value: string): Promise<string> {
  const page = await admin.get(SETTINGS_PAGE);
  const form = formFields(page.html, 'name="lawfirm_enquiry_notify"');
  form.set('lawfirm_enquiry_notify', value);
  const saved = await admin.post('/wp-admin/options.php', form);
  expect(saved.status).toBe(302);
  expect(saved.location).toContain('settings-updated=true');
  // WordPress redirects back to the page (relative to the site), which then shows any error.
  const next = new URL(saved.location as string, credentials().url);
  return (await admin.get(next.pathname + next.search)).html;
}

function settingInput(html: string): { value: string; disabled: boolean } {
  const tag = /<input\b[^>]*\bid="lawfirm_enquiry_notify"[^>]*>/.exec(html)?.[0];
  if (!tag) throw new Error('no notification field on the settings page');
  return {
    value: decodeEntities(/\bvalue="([^"]*)"/.exec(tag)?.[1] ?? ''),
    disabled: /\bdisabled\b/.test(tag),
  };
}

beforeAll(async () => {
  await deleteContractItems('/practice_areas');
  installFixture();
  admin = await adminSession();
  const settings = await wpRest<{ title: string; email: string }>('GET', '/settings');
  siteName = settings.json.title;
  adminEmail = settings.json.email;
  settingBefore = settingInput((await admin.get(SETTINGS_PAGE)).html).value;
  const area = await wpRest<{ id: number; slug: string }>('POST', '/practice_areas', {
    body: {
      title: 'Bail & Anticipatory Bail',
      slug: `${CONTRACT_SLUG_PREFIX}bail-${Date.now()}`,
      status: 'draft',
    },
  });
  expect(area.status, JSON.stringify(area.json)).toBe(201);
  practiceArea = area.json;
});

afterAll(async () => {
  await cleanUp(
    () => admin && saveSetting(settingBefore),
    () => practiceArea && wpRest('DELETE', `/practice_areas/${practiceArea.id}?force=true`),
    () => deleteEnquiries([...new Set(created)]),
    removeFixture,
  );
});

describe('the mail about a new enquiry', () => {
  it('goes once to the addresses set on the settings page, names the practice area and holds nothing the visitor wrote', async () => {
    const refused = await saveSetting('intake@firm.example, not-an-address');
    expect(refused).toContain(
      'Enquiry notifications not changed: not-an-address is not a valid e-mail address',
    );
    expect(settingInput(refused).value).toBe(settingBefore);

    const saved = await saveSetting(' Intake@Firm.example ;partner@firm.example ');
    expect(settingInput(saved)).toEqual({
      value: 'Intake@Firm.example, partner@firm.example',
      disabled: false,
    });
    expect(saved).toContain('Mail goes to: Intake@Firm.example, partner@firm.example (from this setting)');

    const mark = markMailLog();
    const cases = [
      [visitor(1), 'New enquiry: Family Law'],
      [visitor(2, { practice_area: practiceArea!.slug }), 'New enquiry: Bail & Anticipatory Bail'],
      [visitor(3, { practice_area: null }), 'New enquiry from the website'],
    ] as const;
    for (const [input, subject] of cases) {
      const res = await deliver(input);
      expect(res.status).toBe(201);
      const mails = mailsFor(await mailsSince(mark), res.json.id);
      expect(mails, subject).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail.to).toEqual(['Intake@Firm.example', 'partner@firm.example']);
      expect(mail.subject).toBe(`[${siteName}] ${subject}`);
      const text = `${mail.subject}\n${mail.message}`;
      for (const value of personal(input)) expect(text).not.toContain(value);
      expect(await notifyStatus(res.json.id)).toMatchObject({ status: 'sent', recipients: 2, error: '' });
    }

    // The gateway's retry of a key it already delivered: the stored post, no second mail or post.
    const first = cases[0][0];
    const retry = await deliver(first);
    expect(retry.status).toBe(200);
    expect(retry.json.created).toBe(false);
    const stored = (await enquiriesMatching(first.subject)).filter(
      (e) => e.idempotency_key === first.idempotency_key,
    );
    expect(stored).toHaveLength(1);
    expect(mailsFor(await mailsSince(mark), retry.json.id)).toHaveLength(1);
  });

  it('goes to the LAWFIRM_ENQUIRY_NOTIFY addresses when wp-config sets them, and the settings page says so', async () => {
    await saveSetting('intake@firm.example');
    const constant = { [FIXTURE_NOTIFY_HEADER]: 'desk@firm.example, senior@firm.example' };
    const mark = markMailLog();
    const res = await deliver(visitor(4), constant);
    expect(res.status).toBe(201);
    const mails = mailsFor(await mailsSince(mark), res.json.id);
    expect(mails.map((m) => m.to)).toEqual([['desk@firm.example', 'senior@firm.example']]);

    const page = (await admin.get(SETTINGS_PAGE, constant)).html;
    expect(settingInput(page)).toEqual({ value: 'desk@firm.example, senior@firm.example', disabled: true });
    expect(page).toContain('Set in wp-config.php (LAWFIRM_ENQUIRY_NOTIFY).');
    expect(page).not.toContain('name="submit-notify"');
    // The setting is kept for when the constant goes.
    expect(settingInput((await admin.get(SETTINGS_PAGE)).html)).toEqual({
      value: 'intake@firm.example',
      disabled: false,
    });
  });

  it('goes to the site’s e-mail address when nothing is set', async () => {
    await saveSetting('');
    const mark = markMailLog();
    const res = await deliver(visitor(5));
    expect(res.status).toBe(201);
    expect(mailsFor(await mailsSince(mark), res.json.id).map((m) => m.to)).toEqual([[adminEmail]]);
  });

  it('failing or throwing leaves exactly one enquiry, marked failed and logged without personal data; retries send and store nothing', async () => {
    await saveSetting('intake@firm.example, partner@firm.example');
    const modes = [
      ['mail-fails', 'SMTP Error: Could not connect to SMTP host. Relay refused mail for [address]'],
      ['mail-throws', 'RuntimeException: Mail relay crashed while sending to <[address]>'],
    ] as const;
    for (const [mode, reason] of modes) {
      const input = visitor(mode === 'mail-fails' ? 6 : 7);
      const failing = { [FIXTURE_HEADER]: mode };
      const mails = markMailLog();
      const debug = markDebugLog();

      const res = await deliver(input, failing);
      expect(res.status, mode).toBe(201);
      expect(res.json.created).toBe(true);
      expect(await notifyStatus(res.json.id)).toMatchObject({
        status: 'failed',
        recipients: 2,
        error: reason,
      });

      const logged = (await debugLinesSince(debug)).filter((l) => l.includes('[lawfirm-companion]'));
      expect(
        logged.filter((l) =>
          l.includes(`enquiry ${res.json.id}: the notification mail to 2 address(es) failed`),
        ),
      ).toHaveLength(1);
      for (const value of [...personal(input), 'intake@firm.example', 'partner@firm.example'])
        expect(logged.join('\n')).not.toContain(value);

      // The gateway retries (its answer may have been lost): same key, failing mail or not.
      for (const headers of [failing, {}]) {
        const again = await deliver(input, headers);
        expect(again.status).toBe(200);
        expect(again.json).toMatchObject({ id: res.json.id, created: false });
      }
      const stored = (await enquiriesMatching(input.subject)).filter(
        (e) => e.idempotency_key === input.idempotency_key,
      );
      expect(stored).toHaveLength(1);
      expect(mailsFor(await mailsSince(mails), res.json.id)).toHaveLength(0);
      expect((await notifyStatus(res.json.id))?.status).toBe('failed');

      // Staff see it on the enquiry and in the list.
      const edit = (await admin.get(`/wp-admin/post.php?post=${res.json.id}&action=edit`)).html;
      expect(metaBoxes(edit)).toContain('lawfirm-notify-status');
      const box = edit.slice(edit.indexOf('<div id="lawfirm-notify-status"'));
      expect(box).toContain('lawfirm-notify-failed');
      expect(decodeEntities(box)).toContain(reason);
      const list = (
        await admin.get(`/wp-admin/edit.php?post_type=enquiry&s=${encodeURIComponent(input.subject)}`)
      ).html;
      const row = list.slice(list.indexOf(`id="post-${res.json.id}"`));
      expect(row).toContain('lawfirm-notify-failed');
    }
  });

  it('leaves the enquiry stored and marked pending when the request dies while mailing; the retry stores and sends nothing', async () => {
    const input = visitor(8);
    const mails = markMailLog();
    const died = await deliver(input, { [FIXTURE_HEADER]: 'mail-dies' });
    // WordPress's own fatal-error page: the gateway sees a failure and delivers again.
    expect(died.status).toBe(500);
    const again = await deliver(input);
    expect(again.status).toBe(200);
    expect(again.json.created).toBe(false);
    const stored = (await enquiriesMatching(input.subject)).filter(
      (e) => e.idempotency_key === input.idempotency_key,
    );
    expect(stored).toHaveLength(1);
    expect(mailsFor(await mailsSince(mails), again.json.id)).toHaveLength(0);
    expect((await notifyStatus(again.json.id))?.status).toBe('pending');
    const edit = (await admin.get(`/wp-admin/post.php?post=${again.json.id}&action=edit`)).html;
    expect(edit.slice(edit.indexOf('<div id="lawfirm-notify-status"'))).toContain('lawfirm-notify-pending');
  });
});
