// `npm run enquiries`: the enquiries in the outbox (OUTBOX_DIR), for the firm's staff on the server
// (this shows personal data to whoever runs it — that is its purpose). Without WordPress this is
// where enquiries are read; with it, it shows which ones are still waiting to be delivered.
//
//   npm run enquiries                 date, status, name, subject of every enquiry, newest first
//   npm run enquiries -- --pending    only those not yet delivered to WordPress
//   npm run enquiries -- --full       every field, message included
//   npm run enquiries -- --json       one JSON object per line (for scripts)
import { practiceAreaTitle } from '@site/content-model';
import { createOutbox, type OutboxEntry, type OutboxReport } from '../enquiry/outbox.js';
import { configOrExit, isProgram, run } from './cli.js';

export interface ListOptions {
  pending?: boolean;
  full?: boolean;
  json?: boolean;
}

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: 'short',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

export function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${dateFormat.format(d)} IST`;
}

function statusOf(entry: OutboxEntry): string {
  return entry.delivered ? `delivered (WordPress #${entry.delivered.postId})` : 'pending';
}

function cell(text: string, width: number): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat.padEnd(width);
}

/** The listing as text (newest first). */
export function formatEnquiries(report: OutboxReport, options: ListOptions = {}): string {
  const entries = report.entries
    .filter((e) => !options.pending || e.delivered === null)
    .sort((a, b) => b.receivedAt.localeCompare(a.receivedAt));
  const lines: string[] = [];
  if (options.json) {
    for (const e of entries)
      lines.push(JSON.stringify({ ...e, status: e.delivered ? 'delivered' : 'pending' }));
    return lines.length ? `${lines.join('\n')}\n` : '';
  }
  const total = report.entries.length;
  const waiting = report.entries.filter((e) => e.delivered === null).length;
  lines.push(
    `${total} enquir${total === 1 ? 'y' : 'ies'} in the outbox, ${waiting} not delivered to WordPress.`,
  );
  if (report.unreadable > 0) lines.push(`${report.unreadable} unreadable line(s) skipped.`);
  if (entries.length === 0) return `${lines.join('\n')}\n`;
  lines.push('');
  if (options.full) {
    for (const e of entries) {
      const q = e.enquiry;
      lines.push(
        `--- ${formatDate(e.receivedAt)} · ${statusOf(e)} · key ${e.key}`,
        `Name:          ${q.name}`,
        `E-mail:        ${q.email}`,
        `Phone:         ${q.phone}${q.phoneE164 && q.phoneE164 !== q.phone ? ` (${q.phoneE164})` : ''}`,
        `Subject:       ${q.subject ?? '(none)'}`,
        `Practice area: ${practiceAreaTitle(q.practiceArea) ?? q.practiceArea ?? '(none)'}`,
        'Message:',
        ...q.message.split('\n').map((l) => `  ${l}`),
        '',
      );
    }
    return `${lines.join('\n')}\n`;
  }
  lines.push(`${cell('Received', 22)}  ${cell('Status', 30)}  ${cell('Name', 28)}  Subject`);
  for (const e of entries) {
    const subject = e.enquiry.subject ?? practiceAreaTitle(e.enquiry.practiceArea) ?? '(no subject)';
    lines.push(
      `${cell(formatDate(e.receivedAt), 22)}  ${cell(statusOf(e), 30)}  ${cell(e.enquiry.name, 28)}  ${cell(subject, 60).trimEnd()}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

export function parseArgs(argv: readonly string[]): ListOptions {
  const options: ListOptions = {};
  for (const arg of argv) {
    if (arg === '--pending') options.pending = true;
    else if (arg === '--full') options.full = true;
    else if (arg === '--json') options.json = true;
    else throw new Error(`Unknown option ${arg}. Options: --pending, --full, --json`);
  }
  return options;
}

async function main(): Promise<void> {
  const config = configOrExit();
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    // A bad option: one line, no stack.
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
  const outbox = createOutbox({ dir: config.enquiries.outboxDir });
  const report = await outbox.read();
  if (!options.json) process.stdout.write(`Outbox: ${outbox.file}\n`);
  process.stdout.write(formatEnquiries(report, options));
}

if (isProgram(import.meta.url)) run(main, 'enquiries failed');
