import { describe, expect, it } from 'vitest';
import type { OutboxReport } from '../enquiry/outbox.js';
import { formatDate, formatEnquiries, parseArgs } from './enquiries.js';

const report: OutboxReport = {
  unreadable: 1,
  entries: [
    {
      key: '11111111-1111-4111-8111-111111111111',
      receivedAt: '2026-11-20T04:30:00.000Z',
      enquiry: {
        name: 'Asha Rao',
        email: 'asha@example.in',
        phone: '+91 98765 43210',
        phoneE164: '+919876543210',
        subject: null,
        message: 'Line one\nLine two',
        practiceArea: 'family-law',
      },
      delivered: { at: '2026-11-20T04:30:02.000Z', postId: 314 },
    },
    {
      key: '22222222-2222-4222-8222-222222222222',
      receivedAt: '2026-11-21T12:00:00.000Z',
      enquiry: {
        name: 'Vikram Singh',
        email: 'vikram@example.in',
        phone: '0120-4001985',
        phoneE164: '+911204001985',
        subject: 'Bail tomorrow',
        message: 'Please call.',
        practiceArea: null,
      },
      delivered: null,
    },
  ],
};

describe('npm run enquiries', () => {
  it('lists date (IST), status, name and subject, newest first', () => {
    const text = formatEnquiries(report);
    const lines = text.split('\n');
    expect(lines[0]).toBe('2 enquiries in the outbox, 1 not delivered to WordPress.');
    expect(lines[1]).toBe('1 unreadable line(s) skipped.');
    expect(text.indexOf('Vikram Singh')).toBeLessThan(text.indexOf('Asha Rao'));
    expect(text).toMatch(/21 Nov 2026, 17:30 IST\s+pending\s+Vikram Singh\s+Bail tomorrow/);
    expect(text).toMatch(/20 Nov 2026, 10:00 IST\s+delivered \(WordPress #314\)\s+Asha Rao\s+Family Law/);
    expect(text).not.toContain('asha@example.in');
  });

  it('shows only undelivered ones with --pending, every field with --full, JSON lines with --json', () => {
    expect(formatEnquiries(report, { pending: true })).not.toContain('Asha Rao');
    const full = formatEnquiries(report, { full: true });
    expect(full).toContain('E-mail:        asha@example.in');
    // As the visitor wrote it, and in E.164 to dial from anywhere.
    expect(full).toContain('Phone:         0120-4001985 (+911204001985)\n');
    expect(full).toContain('Phone:         +91 98765 43210 (+919876543210)\n');
    expect(full).toContain('  Line one\n  Line two');
    const json = formatEnquiries(report, { json: true })
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(json.map((j) => [j.key.slice(0, 2), j.status, j.enquiry.phoneE164])).toEqual([
      ['22', 'pending', '+911204001985'],
      ['11', 'delivered', '+919876543210'],
    ]);
  });

  it('says when the outbox is empty, and refuses unknown options', () => {
    expect(formatEnquiries({ entries: [], unreadable: 0 })).toBe(
      '0 enquiries in the outbox, 0 not delivered to WordPress.\n',
    );
    expect(parseArgs(['--pending', '--full'])).toEqual({ pending: true, full: true });
    expect(() => parseArgs(['--all'])).toThrow(/Unknown option --all/);
    expect(formatDate('not a date')).toBe('not a date');
  });
});
