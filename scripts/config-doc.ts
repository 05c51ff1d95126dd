// Writes docs/configuration.md, the table of every setting (`npm run docs:config`). Which variables
// there are, and which server reads each, comes from the servers' own configuration code: the names
// the gateway's loadConfig reads (gateway/src/config.ts) and the keys of the web server's zod schema
// (web/server/config.server.ts). What each variable means and its default come from .env.example:
// its sections, the comment above each variable (or group of variables) and the value it shows.
// scripts/config-doc.test.ts fails when docs/configuration.md differs from what this writes.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../gateway/src/config.js';
import { webEnvSchema } from '../web/server/config.server.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ENV_EXAMPLE = path.join(REPO_ROOT, '.env.example');
export const CONFIGURATION_DOC = path.join(REPO_ROOT, 'docs', 'configuration.md');

/** Variables written one after the other under one comment, which describes them together. */
export interface EnvGroup {
  variables: { name: string; value: string }[];
  comment: string;
}

export interface EnvSection {
  title: string;
  /** What the section's first comment says of the whole section, before its first variable's own words. */
  note: string;
  groups: EnvGroup[];
}

export interface EnvExample {
  /** The comment at the top of the file, before the first section. */
  intro: string;
  sections: EnvSection[];
}

/** Which variables each server reads, and the web server's defaults for those .env.example lacks. */
export interface Readers {
  gateway: ReadonlySet<string>;
  web: ReadonlySet<string>;
  /** The web server's default of a variable, or undefined when it has none. */
  webDefault(name: string): string | undefined;
}

const SECTION = /^#\s*-{3,}\s*(.*?)\s*-*\s*$/;
const VARIABLE = /^([A-Z][A-Z0-9_]*)=(.*)$/;

/**
 * Comment lines as paragraphs: a line ending a sentence followed by one starting with a capital
 * letter begins a new one.
 */
function paragraphs(lines: readonly string[]): string[] {
  const out: string[][] = [];
  for (const line of lines) {
    const last = out.at(-1);
    const previous = last?.at(-1);
    if (last && previous !== undefined && !(/\.$/.test(previous) && /^[A-Z]/.test(line))) last.push(line);
    else out.push([line]);
  }
  return out.map((p) => p.join(' '));
}

/** .env.example as sections of variable groups, each with the comment written above it. */
export function parseEnvExample(text: string): EnvExample {
  const intro: string[] = [];
  const sections: EnvSection[] = [];
  let pending: string[] = [];
  let group: EnvGroup | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const section = SECTION.exec(line);
    const variable = VARIABLE.exec(line);
    const current = sections.at(-1);
    if (section) {
      sections.push({ title: section[1] ?? '', note: '', groups: [] });
      pending = [];
      group = null;
    } else if (line === '') {
      if (!current && pending.length > 0) intro.push(...pending);
      pending = [];
      group = null;
    } else if (variable) {
      if (!current) throw new Error(`.env.example: ${variable[1]} comes before the first section`);
      if (!group || pending.length > 0) {
        let comment = paragraphs(pending);
        // A section's first comment may open with words on the whole section; the variable's own
        // words are then its last paragraph, a label rather than a sentence.
        if (current.groups.length === 0 && comment.length > 1 && !/\.$/.test(comment.at(-1) ?? '')) {
          current.note = comment.slice(0, -1).join(' ');
          comment = comment.slice(-1);
        }
        group = { variables: [], comment: comment.join(' ') };
        current.groups.push(group);
        pending = [];
      }
      group.variables.push({ name: variable[1] as string, value: (variable[2] ?? '').trim() });
    } else if (line.startsWith('#')) {
      pending.push(line.replace(/^#\s?/, '').trim());
    } else {
      throw new Error(`.env.example: cannot read the line ${JSON.stringify(raw)}`);
    }
  }
  if (sections.length === 0) intro.push(...pending);
  return { intro: paragraphs(intro).join(' '), sections };
}

/** The default a comment states for a variable shown without a value: `(default: …)`, `Default …`. */
export function statedDefault(comment: string): string | undefined {
  const match = /\(defaults?: ([^;)]*)/i.exec(comment) ?? /\bDefault ([^:;.,)]+)/.exec(comment);
  return match?.[1]?.trim() || undefined;
}

/** Text from .env.example made safe in a table cell, with links to the other documents in docs/. */
function cell(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('|', '\\|')
    .replaceAll('*', '\\*')
    .replace(/\bdocs\/([\w.-]+\.md)\b/g, '[$1]($1)');
}

const code = (text: string) => `\`${text}\``;

function readBy(name: string, readers: Readers): string {
  const by = [readers.gateway.has(name) && 'gateway', readers.web.has(name) && 'web'].filter(Boolean);
  return by.join(', ');
}

const HEADER = '| variable | default | meaning | read by |\n| --- | --- | --- | --- |';

/** docs/configuration.md for this .env.example and these servers. */
export function renderConfigurationDoc(envExample: string, readers: Readers): string {
  const { intro, sections } = parseEnvExample(envExample);
  const documented = new Set<string>();
  const out: string[] = [
    '# Configuration',
    '',
    "Written by `npm run docs:config` (`scripts/config-doc.ts`) from `.env.example` and the servers' " +
      'configuration code (`gateway/src/config.ts`, `web/server/config.server.ts`): change those, then ' +
      'run it again. `scripts/config-doc.test.ts` fails while this file is out of date.',
    '',
    cell(intro),
  ];
  for (const section of sections) {
    out.push('', `## ${cell(section.title)}`, '');
    if (section.note) out.push(cell(section.note), '');
    out.push(HEADER);
    for (const { variables, comment } of section.groups) {
      const names: string[] = [];
      const defaults: string[] = [];
      const by: string[] = [];
      for (const { name, value } of variables) {
        const reader = readBy(name, readers);
        if (!reader) throw new Error(`.env.example lists ${name}, which neither server reads`);
        documented.add(name);
        names.push(code(name));
        const stated = value === '' ? statedDefault(comment) : undefined;
        defaults.push(value !== '' ? code(cell(value)) : stated ? cell(stated) : 'unset');
        by.push(reader);
      }
      // A value said once for the whole group is shown once.
      const same = (list: string[]) => list.every((item) => item === list[0]);
      const defaultCell =
        same(defaults) && !defaults[0]?.startsWith('`') ? defaults[0] : defaults.join('<br>');
      const readerCell = same(by) ? by[0] : by.join('<br>');
      out.push(`| ${names.join('<br>')} | ${defaultCell} | ${cell(comment)} | ${readerCell} |`);
    }
  }
  const missing = [...new Set([...readers.gateway, ...readers.web])].filter((n) => !documented.has(n)).sort();
  if (missing.length > 0) {
    out.push(
      '',
      '## Not in .env.example',
      '',
      "Read by a server but not described in `.env.example`; the default is the server's own.",
      '',
      HEADER,
    );
    for (const name of missing) {
      const fallback = readers.web.has(name) ? readers.webDefault(name) : undefined;
      out.push(
        `| ${code(name)} | ${fallback === undefined ? 'unset' : code(cell(fallback))} | — | ${readBy(name, readers)} |`,
      );
    }
  }
  return `${out.join('\n')}\n`;
}

/**
 * The environment variables a configuration loader reads, asked of the loader itself: it is given an
 * environment that records every name looked up (and has none set, so every default applies).
 */
export function namesRead(load: (env: Record<string, string | undefined>) => unknown): Set<string> {
  const names = new Set<string>();
  load(
    new Proxy({} as Record<string, string | undefined>, {
      get(_target, key) {
        if (typeof key === 'string') names.add(key);
        return undefined;
      },
    }),
  );
  return names;
}

/** The servers as they are: the gateway's loadConfig and the web server's schema. */
export function serverReaders(): Readers {
  const shape = webEnvSchema.shape as Record<string, { safeParse(value: unknown): { data?: unknown } }>;
  return {
    gateway: namesRead((env) => loadConfig(env)),
    web: new Set(Object.keys(shape)),
    webDefault(name) {
      const value = shape[name]?.safeParse(undefined).data;
      return value === undefined ? undefined : String(value);
    },
  };
}

/** What docs/configuration.md must hold now. */
export function configurationDoc(): string {
  return renderConfigurationDoc(readFileSync(ENV_EXAMPLE, 'utf8'), serverReaders());
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(CONFIGURATION_DOC, configurationDoc());
  console.log(`wrote ${path.relative(process.cwd(), CONFIGURATION_DOC)}`);
}
