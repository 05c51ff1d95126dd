import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CONFIGURATION_DOC,
  configurationDoc,
  parseEnvExample,
  renderConfigurationDoc,
  statedDefault,
  type Readers,
} from './config-doc.js';

const EXAMPLE = `# Settings of the site.

# --- Ports ---------------------------------------------------------------------------------------
# The website
PORT=3000

# --- The firm (docs/deploying.md) ----------------------------------------------------------------
# The defaults are placeholders. Both servers read these.
# Public origin of the site
SITE_URL=http://localhost:3000
# Firm name (default: Law Partners; shown in titles)
SITE_NAME=
# Per visitor: requests per minute (0 = off) and how many may come at once
RATE_LIMIT=300
RATE_LIMIT_BURST=60
`;

function readers(gateway: string[], web: string[], defaults: Record<string, string> = {}): Readers {
  return { gateway: new Set(gateway), web: new Set(web), webDefault: (name) => defaults[name] };
}

describe('docs/configuration.md', () => {
  it('is what npm run docs:config writes (run it after changing .env.example or a config schema)', () => {
    expect(readFileSync(CONFIGURATION_DOC, 'utf8')).toBe(configurationDoc());
  });
});

describe('reading .env.example', () => {
  it('keeps sections, a section note, and variables grouped under one comment', () => {
    const { intro, sections } = parseEnvExample(EXAMPLE);
    expect(intro).toBe('Settings of the site.');
    expect(sections.map((s) => s.title)).toEqual(['Ports', 'The firm (docs/deploying.md)']);
    const firm = sections[1]!;
    expect(firm.note).toBe('The defaults are placeholders. Both servers read these.');
    expect(firm.groups.map((g) => [g.variables.map((v) => v.name), g.comment])).toEqual([
      [['SITE_URL'], 'Public origin of the site'],
      [['SITE_NAME'], 'Firm name (default: Law Partners; shown in titles)'],
      [
        ['RATE_LIMIT', 'RATE_LIMIT_BURST'],
        'Per visitor: requests per minute (0 = off) and how many may come at once',
      ],
    ]);
  });

  it('finds a default stated in a comment', () => {
    expect(statedDefault('Firm name (default: Law Partners; shown in titles)')).toBe('Law Partners');
    expect(statedDefault('Profiles (defaults: the home pages)')).toBe('the home pages');
    expect(statedDefault('Proxies. Default none: the TCP peer.')).toBe('none');
    expect(statedDefault('Unset: /purge is disabled.')).toBeUndefined();
  });
});

describe('the table', () => {
  it('gives each variable its default, meaning and readers, with pipes escaped and docs linked', () => {
    const doc = renderConfigurationDoc(
      EXAMPLE,
      readers(
        ['PORT', 'SITE_URL', 'SITE_NAME', 'RATE_LIMIT', 'RATE_LIMIT_BURST'],
        ['PORT', 'SITE_URL', 'HOST'],
        {
          HOST: '127.0.0.1',
        },
      ),
    );
    expect(doc).toContain('## The firm ([deploying.md](deploying.md))');
    expect(doc).toContain('| `PORT` | `3000` | The website | gateway, web |');
    expect(doc).toContain(
      '| `SITE_NAME` | Law Partners | Firm name (default: Law Partners; shown in titles) | gateway |',
    );
    expect(doc).toContain('| `RATE_LIMIT`<br>`RATE_LIMIT_BURST` | `300`<br>`60` |');
    // Read by a server, missing from .env.example: listed with the server's own default.
    expect(doc).toContain('| `HOST` | `127.0.0.1` | — | web |');
  });

  it('refuses a variable neither server reads', () => {
    expect(() => renderConfigurationDoc(EXAMPLE, readers(['PORT'], []))).toThrow(
      /SITE_URL, which neither server reads/,
    );
  });
});
