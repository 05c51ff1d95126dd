// The site's patches to installed libraries (patches/, applied by patch-package after every npm
// install; why each exists is in patches/README.md). A patch that is not applied fails here rather
// than as a heavier, slower browser bundle.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSystem, defaultBaseConfig, mergeConfigs } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';

const REPO = path.resolve(import.meta.dirname, '../..');
const PATCHES = path.join(REPO, 'patches');

interface PatchFile {
  name: string;
  /** The package and the version the patch was made for: @chakra-ui+react+3.37.0.patch */
  pkg: string;
  version: string;
  /** Each file the patch changes, with the lines it adds. */
  files: Map<string, string[]>;
}

function readPatches(): PatchFile[] {
  return readdirSync(PATCHES)
    .filter((f) => f.endsWith('.patch'))
    .map((name) => {
      const [, pkg, version] = /^(.+)\+([^+]+)\.patch$/.exec(name)!;
      const files = new Map<string, string[]>();
      let added: string[] = [];
      for (const line of readFileSync(path.join(PATCHES, name), 'utf8').split('\n')) {
        const file = /^\+\+\+ b\/(.+)$/.exec(line)?.[1];
        if (file) files.set(file, (added = []));
        else if (line.startsWith('+')) added.push(line.slice(1));
      }
      return { name, pkg: pkg!.replace('+', '/'), version: version!, files };
    });
}

const patches = readPatches();

describe('library patches', () => {
  it('are the two the site needs', () => {
    expect(patches.map((p) => p.pkg).sort()).toEqual(['@chakra-ui/react', 'react-router']);
  });

  it.each(patches.map((p) => [p.name, p] as const))('%s is applied to the installed version', (_, patch) => {
    const installed = (
      JSON.parse(readFileSync(path.join(REPO, 'node_modules', patch.pkg, 'package.json'), 'utf8')) as {
        version: string;
      }
    ).version;
    // An upgrade needs the patch made again (npx patch-package <name>), or dropped if upstream fixed it.
    expect(installed, `${patch.pkg} was upgraded`).toBe(patch.version);
    for (const [file, lines] of patch.files) {
      const text = readFileSync(path.join(REPO, file), 'utf8');
      const missing = lines.filter((line) => !text.includes(line));
      expect(missing, `${file}: run npm install (patch-package applies patches/)`).toEqual([]);
    }
  });
});

describe('React Router, patched', () => {
  // Where the package really is (node_modules may be a link, as in the browser tests' copies).
  const routerDir = realpathSync(path.join(REPO, 'node_modules', 'react-router'));
  const resolve = (specifier: string, conditions: string[]) => {
    const run = spawnSync(
      process.execPath,
      [
        ...conditions.map((c) => `--conditions=${c}`),
        '--input-type=module',
        '-e',
        `console.log(import.meta.resolve(${JSON.stringify(specifier)}))`,
      ],
      { cwd: import.meta.dirname, encoding: 'utf8' },
    );
    expect(run.stderr).toBe('');
    return path.relative(routerDir, fileURLToPath(run.stdout.trim()));
  };

  it('gives production builds (both bundles: Vite resolves with "production") its production build', () => {
    expect(resolve('react-router', ['production'])).toBe('dist/production/index.mjs');
    expect(resolve('react-router/dom', ['production'])).toBe('dist/production/dom-export.mjs');
  });

  it('leaves everything else on its development build, with its warnings', () => {
    expect(resolve('react-router', [])).toBe('dist/development/index.mjs');
    expect(resolve('react-router/dom', ['development'])).toBe('dist/development/dom-export.mjs');
  });
});

describe('Chakra UI, patched', () => {
  it("computes a system's global CSS when it is first read, not when the system is created", () => {
    // A style property of the site's own: its transform runs when CSS using it is computed.
    let computed = 0;
    const utilities = {
      brandMark: {
        transform(value: string) {
          computed += 1;
          return { color: value };
        },
      },
    };
    const globalCss = { body: { brandMark: 'red' } };
    const system = createSystem(mergeConfigs(defaultBaseConfig, { preflight: true, utilities, globalCss }));
    expect(computed).toBe(0);
    const global = system._global;
    expect(computed).toBe(1);
    // The same CSS as before, computed once: reset, base styles (the site's included), tokens.
    expect(system._global).toBe(global);
    expect(computed).toBe(1);
    expect(global).toEqual([system.getPreflightCss(), system.getGlobalCss(), system.getTokenCss()]);
    expect(JSON.stringify(global[1])).toContain('"color":"red"');
  });
});
