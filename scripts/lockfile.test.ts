// What production installs is pinned and verifiable offline: every package `npm ci --omit=dev` would
// install comes from the registry with a sha512 checksum, none from a git URL, a tarball address or
// a local folder, and none runs an install script that has not been looked at. The advisory check
// (`npm run audit`) needs the registry's audit endpoint, which not every mirror offers
// (docs/security.md); this part needs nothing but the lock file.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

interface LockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  link?: boolean;
  dev?: boolean;
  devOptional?: boolean;
  optional?: boolean;
  hasInstallScript?: boolean;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};

/** Installed packages (not the workspaces themselves, not their links) that production needs. */
function productionPackages(): [string, LockEntry][] {
  return Object.entries(lock.packages).filter(
    ([name, entry]) => name.includes('node_modules/') && !entry.link && !entry.dev && !entry.devOptional,
  );
}

/** Production packages with an install script, each checked by hand: what the script does. */
const REVIEWED_INSTALL_SCRIPTS: Record<string, string> = {
  // Makes an empty cli/node_modules folder and warns on a mismatched version range; fetches nothing.
  'node_modules/@apollo/protobufjs': 'postinstall: mkdir cli/node_modules, version-scheme warning',
};

describe('package-lock.json, production part', () => {
  const packages = productionPackages();

  it('has production packages to check', () => {
    expect(packages.length).toBeGreaterThan(50);
  });

  it('pins every production package to a sha512 checksum from the registry', () => {
    const unpinned = packages.filter(([, e]) => !e.integrity?.startsWith('sha512-')).map(([name]) => name);
    expect(unpinned).toEqual([]);
    const foreign = packages
      .filter(([, e]) => e.resolved !== undefined && !e.resolved.startsWith('https://registry.npmjs.org/'))
      .map(([name, e]) => `${name} <- ${e.resolved}`);
    expect(foreign).toEqual([]);
  });

  it('runs no install script in production that has not been reviewed', () => {
    const scripted = packages.filter(([, e]) => e.hasInstallScript).map(([name]) => name);
    expect(scripted.filter((name) => !(name in REVIEWED_INSTALL_SCRIPTS))).toEqual([]);
  });
});
