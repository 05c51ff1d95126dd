import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { linkNodeModules } from './link-node-modules.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'link-node-modules-')));
  dirs.push(dir);
  return dir;
}

/** A checkout as npm leaves it: an installed package, a workspace package and npm's link to it. */
function checkout(): string {
  const root = tempDir();
  mkdirSync(path.join(root, 'node_modules/zod'), { recursive: true });
  writeFileSync(path.join(root, 'node_modules/zod/index.js'), '');
  writeFileSync(path.join(root, 'node_modules/.package-lock.json'), '{}');
  mkdirSync(path.join(root, 'packages/content-model/src'), { recursive: true });
  mkdirSync(path.join(root, 'node_modules/@site'));
  symlinkSync('../../packages/content-model', path.join(root, 'node_modules/@site/content-model'));
  return root;
}

describe('linkNodeModules', () => {
  it("resolves the workspace packages to the copy's folders and every other package to the checkout's", () => {
    const root = checkout();
    const copy = tempDir();
    mkdirSync(path.join(copy, 'packages/content-model/src'), { recursive: true });
    linkNodeModules(root, copy);
    expect(realpathSync(path.join(copy, 'node_modules/@site/content-model'))).toBe(
      path.join(copy, 'packages/content-model'),
    );
    expect(realpathSync(path.join(copy, 'node_modules/zod/index.js'))).toBe(
      path.join(root, 'node_modules/zod/index.js'),
    );
    expect(realpathSync(path.join(copy, 'node_modules/.package-lock.json'))).toBe(
      path.join(root, 'node_modules/.package-lock.json'),
    );
  });

  it('does nothing for a checkout without node_modules', () => {
    const copy = tempDir();
    linkNodeModules(tempDir(), copy);
    expect(() => realpathSync(path.join(copy, 'node_modules'))).toThrow();
  });
});
