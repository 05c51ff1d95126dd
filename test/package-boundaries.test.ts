// The lint rule that keeps each workspace package (gateway/, web/, packages/*) to its own folder:
// another package is imported by its name, never by a relative path out of the folder.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RULE = 'workspace/no-relative-import-outside';
const eslint = new ESLint({ cwd: ROOT });

/** The rule's findings for `code` as if it were the file `file` (relative to the repository). */
async function findings(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe('relative imports out of a workspace package', () => {
  // Loading the configuration and the TypeScript parser takes seconds on a busy machine: once, here.
  beforeAll(() => findings('web/src/routes.tsx', ''), 60_000);

  it.each([
    ['web/src/components/contact/Form.tsx', "import { a } from '../../../../gateway/src/enquiry/a.js';"],
    ['web/server/app.server.ts', "import type { A } from '../../gateway/src/a.js';"],
    ['web/src/routes.tsx', "export { a } from '../../packages/content-model/src/index.js';"],
    ['web/build/plugin.ts', "export * from '../../gateway/src/a.js';"],
    ['gateway/src/server.ts', "const page = await import('../../web/src/a.js');"],
    ['gateway/test/harness.ts', "import '../../e2e/lib/site.js';"],
    ['packages/content-model/src/x.ts', "import { a } from '../../../gateway/src/a.js';"],
    ['packages/content-model/src/x.ts', "import { b } from '../../server-kit/src/index.js';"],
  ])('are refused in %s: %s', async (file, code) => {
    const found = await findings(file, code);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(
      /leaves (web|gateway|packages\/content-model)\/: import another workspace by its package name/,
    );
  });

  it.each([
    ['web/src/routes/home/HomeRoute.tsx', "import { homeAliasFor } from '@site/content-model';"],
    ['web/server/feeds.server.ts', "import { POSTS_PER_PAGE } from '../src/routes/blog/blog-params';"],
    ['gateway/src/derive/content.test.ts', "import { XSS_PAYLOADS } from '../../test/fixtures/xss.js';"],
    ['packages/content-model/src/phone.ts', "import { phoneMetadata } from './phone-metadata.js';"],
    ['hardening/lib/poison.ts', "import { XSS_PAYLOADS } from '../../gateway/test/fixtures/xss.js';"],
    ['wordpress/contract/lib/gateway.ts', "import { loadConfig } from '../../../gateway/src/config.js';"],
  ])('are allowed within the package, and outside any package: %s', async (file, code) => {
    expect(await findings(file, code)).toEqual([]);
  });
});
