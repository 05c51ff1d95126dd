// `tsx wordpress/contract/snapshot-report.ts <recorded-dir> <pulled-dir>`: how a snapshot pulled
// from a WordPress (npm run content:pull) compares with the recorded one (content/). Used by
// wordpress/scripts/pull-fixtures.sh.
// Exit status: 0 the same content; 1 different content (items, slugs, titles, references) or a
// snapshot that does not parse; 2 the same content, but fields of the recorded snapshot are missing
// from the pulled one (e.g. yoast_head_json from a WordPress without Yoast SEO).
import path from 'node:path';
import { readSnapshot } from '../../gateway/src/sources/embedded/source.js';
import { compareSnapshots, parseSnapshot } from './lib/snapshot.js';

async function main(): Promise<number> {
  const [recordedDir, pulledDir] = process.argv.slice(2);
  if (!recordedDir || !pulledDir) {
    process.stderr.write('usage: snapshot-report.ts <recorded-dir> <pulled-dir>\n');
    return 1;
  }
  const recorded = await readSnapshot(path.resolve(recordedDir));
  const pulled = await readSnapshot(path.resolve(pulledDir));
  try {
    parseSnapshot(pulled);
  } catch (error) {
    process.stdout.write(`the pulled snapshot does not parse: ${(error as Error).message}\n`);
    return 1;
  }
  const report = compareSnapshots(recorded, pulled);
  const out = (line: string) => process.stdout.write(`${line}\n`);
  out(
    `counts (recorded -> pulled): ${Object.entries(report.counts)
      .map(([name, c]) => `${name} ${c.expected}${c.expected === c.actual ? '' : ` -> ${c.actual}`}`)
      .join(', ')}`,
  );
  for (const d of report.differences) out(`  differs: ${d}`);
  let lost = 0;
  for (const [name, f] of Object.entries(report.fields)) {
    if (f.onlyExpected.length) out(`  fields only in the recorded ${name}: ${f.onlyExpected.join(', ')}`);
    if (f.onlyActual.length) out(`  fields only in the pulled ${name}: ${f.onlyActual.join(', ')}`);
    lost += f.onlyExpected.length;
  }
  if (report.differences.length > 0) {
    out(`${report.differences.length} difference(s) in content`);
    return 1;
  }
  out(lost > 0 ? 'same content; some recorded fields are missing from the pulled snapshot' : 'same content');
  return lost > 0 ? 2 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `snapshot-report failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  },
);
