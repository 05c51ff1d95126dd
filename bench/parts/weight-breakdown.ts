// Where a route's first-load JavaScript comes from, library by library: the production build made
// again with source maps (into a temporary folder; the site's own build ships none), each byte of
// the route's files attributed to the package or site file it came from. It answers "how much of the
// budget could page code ever win back?" with a figure instead of a guess.
import zlib from 'node:zlib';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';

/** The groups the figures are reported in, in report order. */
export const GROUPS = [
  'React (react, react-dom, scheduler)',
  'React Router',
  'Apollo Client (with rxjs, graphql, optimism, @wry)',
  'Chakra UI (with emotion, Ark UI, zag)',
  'Chakra theme data (build-time JSON)',
  'Icons (lucide-react)',
  'Site code',
  'Bundler runtime and unmapped',
] as const;
export type Group = (typeof GROUPS)[number];

const PACKAGE_GROUPS: Array<[RegExp, Group]> = [
  [/^(react|react-dom|scheduler)$/, 'React (react, react-dom, scheduler)'],
  [/^react-router(-dom)?$/, 'React Router'],
  [
    /^(@apollo\/.*|rxjs|graphql|optimism|@wry\/.*|tslib|ts-invariant)$/,
    'Apollo Client (with rxjs, graphql, optimism, @wry)',
  ],
  [
    /^(@chakra-ui\/.*|@emotion\/.*|stylis|@ark-ui\/.*|@zag-js\/.*|@pandacss\/.*|@internationalized\/.*|@floating-ui\/.*|hoist-non-react-statics|react-is|proxy-compare|@swc\/helpers)$/,
    'Chakra UI (with emotion, Ark UI, zag)',
  ],
  [/^lucide-react$/, 'Icons (lucide-react)'],
];

/** The group of one source-map source path (as Vite writes them: relative, with node_modules in it). */
export function groupOfSource(source: string | null | undefined): Group {
  if (!source) return 'Bundler runtime and unmapped';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source)?.[1];
  if (pkg) {
    for (const [pattern, group] of PACKAGE_GROUPS) if (pattern.test(pkg)) return group;
    return 'Bundler runtime and unmapped';
  }
  if (
    /(^|\/)web\/src\/app\/theme-data\.ts$/.test(source) ||
    /^(\.\.\/)*src\/app\/theme-data\.ts$/.test(source)
  )
    return 'Chakra theme data (build-time JSON)';
  if (/\.(tsx?|jsx?|mjs)$/.test(source) && !source.startsWith('\0')) return 'Site code';
  return 'Bundler runtime and unmapped';
}

/**
 * Splits generated code into the text each group contributed: every mapping owns the generated text
 * up to the next mapping on its line; text no mapping covers (line starts, the bundler's glue) is
 * 'Bundler runtime and unmapped'. The pieces add up to the whole file.
 */
export function attribute(code: string, map: RawSourceMap): Map<Group, string> {
  const consumer = new SourceMapConsumer(map);
  const lines = code.split('\n');
  const byLine: Array<Array<{ column: number; group: Group }>> = lines.map(() => []);
  consumer.eachMapping((m) => {
    byLine[m.generatedLine - 1]?.push({ column: m.generatedColumn, group: groupOfSource(m.source) });
  });
  const parts = new Map<Group, string[]>();
  const add = (group: Group, text: string) => {
    if (!text) return;
    let list = parts.get(group);
    if (!list) parts.set(group, (list = []));
    list.push(text);
  };
  lines.forEach((line, i) => {
    const marks = byLine[i]!.sort((a, b) => a.column - b.column);
    add('Bundler runtime and unmapped', line.slice(0, marks[0]?.column ?? line.length));
    marks.forEach((mark, j) => add(mark.group, line.slice(mark.column, marks[j + 1]?.column ?? line.length)));
    if (i < lines.length - 1) add(marks.at(-1)?.group ?? 'Bundler runtime and unmapped', '\n');
  });
  return new Map([...parts].map(([group, list]) => [group, list.join('')]));
}

export interface GroupWeight {
  group: Group;
  /** Minified bytes. */
  bytes: number;
  /** Estimated share of the files' real gzip size (see estimateGzip). */
  gzip: number;
}

/**
 * Gzip does not split by origin: each group's code is compressed on its own and the results scaled
 * so that they add up to the files' real compressed total. An estimate (a group compressed apart
 * loses the redundancy it shared with the rest), stated as one.
 */
export function estimateGzip(pieces: Map<Group, string>, realGzipTotal: number): GroupWeight[] {
  const raw = GROUPS.filter((g) => pieces.has(g)).map((group) => {
    const text = pieces.get(group)!;
    return { group, bytes: Buffer.byteLength(text), alone: zlib.gzipSync(text, { level: 9 }).length };
  });
  const sum = raw.reduce((n, r) => n + r.alone, 0);
  const scale = sum > 0 ? realGzipTotal / sum : 0;
  return raw.map((r) => ({ group: r.group, bytes: r.bytes, gzip: Math.round(r.alone * scale) }));
}

/** The groups of several files together (the files of one route's first load). */
export function mergePieces(all: Array<Map<Group, string>>): Map<Group, string> {
  const merged = new Map<Group, string>();
  for (const pieces of all)
    for (const [group, text] of pieces) merged.set(group, (merged.get(group) ?? '') + text);
  return merged;
}
