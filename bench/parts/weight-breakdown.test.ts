import { describe, expect, it } from 'vitest';
import zlib from 'node:zlib';
import { SourceMapGenerator } from 'source-map-js';
import { attribute, estimateGzip, groupOfSource, mergePieces, type Group } from './weight-breakdown.js';

const REACT = 'React (react, react-dom, scheduler)';
const APOLLO = 'Apollo Client (with rxjs, graphql, optimism, @wry)';
const CHAKRA = 'Chakra UI (with emotion, Ark UI, zag)';
const UNMAPPED = 'Bundler runtime and unmapped';

describe('groupOfSource', () => {
  it.each<[string | null, Group]>([
    ['../../node_modules/react-dom/cjs/react-dom-client.production.js', REACT],
    ['../../node_modules/scheduler/cjs/scheduler.production.js', REACT],
    ['../../node_modules/react-router/dist/production/chunk-X.mjs', 'React Router'],
    ['../../node_modules/@apollo/client/core/ApolloClient.js', APOLLO],
    ['../../node_modules/rxjs/dist/esm/internal/Observable.js', APOLLO],
    ['../../node_modules/@wry/equality/lib/index.js', APOLLO],
    ['../../node_modules/@emotion/react/dist/emotion-react.browser.esm.js', CHAKRA],
    ['../../node_modules/@zag-js/dom-query/dist/index.mjs', CHAKRA],
    ['../../node_modules/lucide-react/dist/esm/icons/phone.js', 'Icons (lucide-react)'],
    ['../../src/routes/home/HomeRoute.tsx', 'Site code'],
    ['../../../packages/content-model/src/enquiry-rules.ts', 'Site code'],
    ['../../src/app/theme-data.ts', 'Chakra theme data (build-time JSON)'],
    ['../../node_modules/some-other-package/index.js', UNMAPPED],
    ['\0rolldown/runtime.js', UNMAPPED],
    [null, UNMAPPED],
  ])('%s -> %s', (source, group) => {
    expect(groupOfSource(source)).toBe(group);
  });
});

/** A bundle of pieces, each mapped to its source, the way a bundler writes one. */
function bundle(pieces: Array<{ source: string | null; text: string; newline?: boolean }>) {
  const generator = new SourceMapGenerator({ file: 'out.js' });
  let code = '';
  let line = 1;
  let column = 0;
  for (const piece of pieces) {
    if (piece.source)
      generator.addMapping({
        source: piece.source,
        original: { line: 1, column: 0 },
        generated: { line, column },
      });
    code += piece.text;
    column += piece.text.length;
    if (piece.newline) {
      code += '\n';
      line += 1;
      column = 0;
    }
  }
  return { code, map: JSON.parse(generator.toString()) };
}

describe('attribute', () => {
  it('gives every byte of the file to exactly one group', () => {
    const { code, map } = bundle([
      { source: null, text: '/*glue*/' },
      { source: '../../node_modules/react-dom/index.js', text: 'function reactDom(){}' },
      { source: '../../src/app.tsx', text: 'const app=1;', newline: true },
      { source: '../../node_modules/@apollo/client/index.js', text: 'class Apollo{}' },
    ]);
    const pieces = attribute(code, map);
    expect(pieces.get(UNMAPPED)).toBe('/*glue*/');
    expect(pieces.get(REACT)).toBe('function reactDom(){}');
    expect(pieces.get('Site code')).toBe('const app=1;\n');
    expect(pieces.get(APOLLO)).toBe('class Apollo{}');
    const total = [...pieces.values()].reduce((n, t) => n + t.length, 0);
    expect(total).toBe(code.length);
  });
});

describe('estimateGzip', () => {
  it('scales the groups to the real compressed total and keeps their minified sizes', () => {
    const pieces = new Map<Group, string>([
      ['React (react, react-dom, scheduler)', 'react '.repeat(500) + Math.random().toString(36).repeat(20)],
      ['Site code', 'site code that differs '.repeat(50)],
    ]);
    const whole = [...pieces.values()].join('');
    const real = zlib.gzipSync(whole, { level: 9 }).length;
    const groups = estimateGzip(pieces, real);
    expect(groups.map((g) => g.group)).toEqual(['React (react, react-dom, scheduler)', 'Site code']);
    const sum = groups.reduce((n, g) => n + g.gzip, 0);
    expect(Math.abs(sum - real)).toBeLessThanOrEqual(groups.length);
    expect(groups[0]!.bytes).toBe(Buffer.byteLength(pieces.get('React (react, react-dom, scheduler)')!));
  });

  it('adds the files of one route together before estimating', () => {
    const merged = mergePieces([
      new Map<Group, string>([['Site code', 'a']]),
      new Map<Group, string>([
        ['Site code', 'b'],
        ['React Router', 'r'],
      ]),
    ]);
    expect(merged.get('Site code')).toBe('ab');
    expect(merged.get('React Router')).toBe('r');
  });
});
