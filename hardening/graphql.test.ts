// Hostile GraphQL against the real gateway over HTTP, in production mode. The limits of
// gateway/src/security/armor.ts are checked against the documents the site itself sends (they must
// pass with headroom), then a corpus of abusive requests must each be refused with a clear error
// before anything executes (no content-source call), with production's masking: no stack traces,
// no schema suggestions. CSRF prevention, introspection and the sandbox are checked on and off.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { addTypenameToDocument } from '@apollo/client/utilities';
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import { Lexer, Source, TokenKind, buildSchema, print, validate, type DocumentNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAPHQL_LIMITS } from '../gateway/src/security/armor.js';
import { createEmbeddedSource } from '../gateway/src/sources/embedded/source.js';
import type { RestSource } from '../gateway/src/sources/rest.js';
import * as documents from '../web/src/gql/graphql.js';
import { REPO_ROOT, figure, startGateway, type RunningGateway } from './lib/servers.js';

interface Measured {
  depth: number;
  aliases: number;
  cost: number;
  directives: number;
  tokens: number;
}

function tokenCount(query: string): number {
  const lexer = new Lexer(new Source(query));
  let n = 0;
  while (lexer.advance().kind !== TokenKind.EOF) n += 1;
  return n;
}

// The contract the gateway serves (its resolvers do not matter for validation).
const contract = buildSchema(readFileSync(path.join(REPO_ROOT, 'schema.graphql'), 'utf8'));

/** The measures graphql-armor applies, of one document as the site's Apollo Client sends it. */
function measure(doc: DocumentNode): Measured {
  const sent = addTypenameToDocument(doc);
  const found: Record<string, number> = {};
  const record = (key: string) => ({
    propagateOnRejection: false,
    onAccept: [
      (_ctx: unknown, details: { n: number }) => void (found[key] = Math.max(found[key] ?? 0, details.n)),
    ],
  });
  const errors = validate(contract, sent, [
    maxDepthRule({ n: Infinity, ...record('depth') }),
    maxAliasesRule({ n: Infinity, ...record('aliases') }),
    costLimitRule({ maxCost: Infinity, ...record('cost') }),
    maxDirectivesRule({ n: Infinity, ...record('directives') }),
  ]);
  expect(errors).toEqual([]);
  return {
    depth: found.depth ?? 0,
    aliases: found.aliases ?? 0,
    cost: Math.ceil(found.cost ?? 0),
    directives: found.directives ?? 0,
    tokens: tokenCount(print(sent)),
  };
}

/** Every operation document of the site (web/src, generated into web/src/gql by codegen). */
function siteDocuments(): Array<[string, DocumentNode]> {
  return Object.entries(documents)
    .filter(
      (entry): entry is [string, DocumentNode] =>
        entry[0].endsWith('Document') &&
        typeof entry[1] === 'object' &&
        (entry[1] as { kind?: unknown }).kind === 'Document',
    )
    .map(([name, doc]) => [name.replace(/Document$/, ''), doc]);
}

describe('limits chosen from the site’s own queries', () => {
  it('every document the site sends passes with at least 2x headroom on each limit', () => {
    const docs = siteDocuments();
    expect(docs.length).toBeGreaterThanOrEqual(10);
    const worst: Measured = { depth: 0, aliases: 0, cost: 0, directives: 0, tokens: 0 };
    const worstName: Record<keyof Measured, string> = {
      depth: '',
      aliases: '',
      cost: '',
      directives: '',
      tokens: '',
    };
    for (const [name, doc] of docs) {
      const m = measure(doc);
      for (const key of Object.keys(worst) as Array<keyof Measured>) {
        if (m[key] > worst[key]) {
          worst[key] = m[key];
          worstName[key] = name;
        }
      }
    }
    expect(worst.depth * 2).toBeLessThanOrEqual(GRAPHQL_LIMITS.maxDepth);
    expect(worst.aliases * 2).toBeLessThanOrEqual(GRAPHQL_LIMITS.maxAliases);
    expect(worst.cost * 2).toBeLessThanOrEqual(GRAPHQL_LIMITS.maxCost);
    expect(worst.directives * 2).toBeLessThanOrEqual(GRAPHQL_LIMITS.maxDirectives);
    expect(worst.tokens * 2).toBeLessThanOrEqual(GRAPHQL_LIMITS.maxTokens);
    figure(
      'graphql limits (site worst / limit)',
      (Object.keys(worst) as Array<keyof Measured>)
        .map((key) => {
          const limit = {
            depth: GRAPHQL_LIMITS.maxDepth,
            aliases: GRAPHQL_LIMITS.maxAliases,
            cost: GRAPHQL_LIMITS.maxCost,
            directives: GRAPHQL_LIMITS.maxDirectives,
            tokens: GRAPHQL_LIMITS.maxTokens,
          }[key];
          return `${key} ${worst[key]}${worstName[key] ? ` (${worstName[key]})` : ''} / ${limit}`;
        })
        .join(', ') + ` over ${docs.length} documents`,
    );
  });
});

interface Abuse {
  name: string;
  /** A JSON body (object or array) or raw text. */
  body?: unknown;
  raw?: string;
  method?: 'GET' | 'POST';
  /** For GET: the query string. */
  search?: string;
  headers?: Record<string, string>;
  status: number;
  message: RegExp;
}

const field = (n: number, make: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => make(i)).join(' ');

const ABUSE: Abuse[] = [
  {
    name: 'depth: 30 nested inline fragments',
    body: { query: `{ site { ${'... on Site { '.repeat(30)}name${' }'.repeat(30)} } }` },
    status: 400,
    message: /depth limit of 18 exceeded/,
  },
  {
    name: 'depth: 25 nested named fragments',
    body: {
      query:
        '{ site { ...F0 } } ' +
        field(25, (i) => `fragment F${i} on Site { ${i < 24 ? `...F${i + 1}` : 'name'} }`),
    },
    status: 400,
    message: /depth limit of 18 exceeded/,
  },
  {
    name: 'aliases: 50 copies of one field',
    body: { query: `{ ${field(50, (i) => `a${i}: site { name }`)} }` },
    status: 400,
    message: /Aliases limit of 10 exceeded/,
  },
  {
    name: 'aliases: 11 full post lists',
    body: { query: `{ ${field(11, (i) => `p${i}: posts(first: 100) { nodes { contentHtml } }`)} }` },
    status: 400,
    message: /Aliases limit of 10 exceeded|Cost limit/,
  },
  {
    name: 'cost: 9 aliased 100-post lists with their categories',
    body: {
      query: `{ ${field(9, (i) => `p${i}: posts(first: 100) { nodes { title slug categories { name slug count } } }`)} }`,
    },
    status: 400,
    message: /Cost limit of 15000 exceeded/,
  },
  {
    name: 'cost: 10 aliased lists sized by a variable ({"n": 100})',
    body: {
      query: `query Lists($n: Int) { ${field(10, (i) => `p${i}: posts(first: $n) { nodes { title slug categories { name slug count } } }`)} }`,
      variables: { n: 100 },
    },
    status: 400,
    message: /Cost limit of 15000 exceeded/,
  },
  {
    name: 'tokens: 5000 __typename fields',
    body: { query: `{ ${'__typename '.repeat(5000)}}` },
    status: 400,
    message: /more that 1000 tokens|more than 1000 tokens/,
  },
  {
    name: 'tokens: 800 operations in one document',
    body: { query: field(800, (i) => `query Q${i} { site { name } }`), operationName: 'Q1' },
    status: 400,
    message: /tokens/,
  },
  {
    name: 'directives: 40 @include on one field',
    body: { query: `{ site ${'@include(if: true) '.repeat(40)}{ name } }` },
    status: 400,
    message: /Directives limit of 10 exceeded/,
  },
  {
    name: 'directives: @skip on 20 fields',
    body: { query: `{ site { ${field(20, () => 'name @skip(if: false)')} } }` },
    status: 400,
    message: /Directives limit of 10 exceeded/,
  },
  {
    name: 'fragment cycle',
    body: { query: 'fragment A on Site { ...B } fragment B on Site { ...A } { site { ...A } }' },
    status: 400,
    message: /Cannot spread fragment "A" within itself/,
  },
  {
    name: 'batching: an array of 100 operations',
    body: Array.from({ length: 100 }, () => ({ query: '{ posts(first: 100) { totalCount } }' })),
    status: 400,
    message: /batching disabled/i,
  },
  {
    name: 'batching: an array of 2 operations',
    body: [{ query: '{ site { name } }' }, { query: '{ site { phone } }' }],
    status: 400,
    message: /batching disabled/i,
  },
  {
    name: 'introspection: __schema',
    body: { query: '{ __schema { types { name fields { name } } } }' },
    status: 400,
    message: /introspection is not allowed/,
  },
  {
    name: 'introspection: __type hidden in a fragment',
    body: { query: '{ ...F } fragment F on Query { __type(name: "Post") { fields { name } } }' },
    status: 400,
    message: /introspection is not allowed/,
  },
  {
    name: 'schema probing: a misspelt field',
    body: { query: '{ post(slug: "x") { titel contnt } }' },
    status: 400,
    message: /Cannot query field "titel" on type "Post"\.$/m,
  },
  {
    name: 'schema probing: a misspelt argument',
    body: { query: '{ posts(frist: 1) { totalCount } }' },
    status: 400,
    message: /Unknown argument "frist" on field "Query\.posts"\.$/m,
  },
  {
    name: 'CSRF: text/plain POST (a form can send it)',
    raw: JSON.stringify({ query: '{ site { name } }' }),
    headers: { 'content-type': 'text/plain' },
    status: 400,
    message: /CSRF|preflight/i,
  },
  {
    name: 'CSRF: form-urlencoded POST',
    raw: 'query=%7B%20site%20%7B%20name%20%7D%20%7D',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    status: 400,
    message: /CSRF|preflight/i,
  },
  {
    name: 'CSRF: a GET query without a preflight header (an <img> can send it)',
    method: 'GET',
    search: '?query=%7B%20site%20%7B%20name%20%7D%20%7D',
    status: 400,
    message: /CSRF|preflight/i,
  },
  {
    name: 'a mutation over GET',
    method: 'GET',
    search: `?query=${encodeURIComponent('mutation { submitEnquiry(input: {name: "a", email: "a@b.in", phone: "1", message: "m"}) { ok } }')}`,
    headers: { 'apollo-require-preflight': 'true' },
    status: 405,
    message: /GET/,
  },
  {
    name: 'JSON nested 200 000 deep',
    raw: '['.repeat(200_000),
    status: 400,
    message: /not valid JSON/,
  },
  {
    name: 'a body over the size limit',
    raw: JSON.stringify({ query: '{ site { name } }', variables: { pad: 'x'.repeat(1100 * 1024) } }),
    status: 413,
    message: /larger than/,
  },
  {
    name: 'not GraphQL at all',
    body: { query: '<script>alert(1)</script>' },
    status: 400,
    message: /Syntax Error/,
  },
  {
    name: 'a NUL byte in the document',
    body: { query: '{ site { name \u0000 } }' },
    status: 400,
    message: /Syntax Error/,
  },
  {
    name: 'no query at all',
    body: { variables: { a: 1 } },
    status: 400,
    message: /query/i,
  },
  {
    name: 'an unknown operationName',
    body: { query: 'query A { site { name } }', operationName: 'B' },
    status: 400,
    message: /Unknown operation named "B"/,
  },
];

function collectStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => collectStrings(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      collectStrings(v, out);
    }
  }
  return out;
}

describe('hostile documents against the production gateway', () => {
  let gw: RunningGateway;
  let sourceCalls = 0;

  beforeAll(async () => {
    const embedded = createEmbeddedSource({ dir: path.join(REPO_ROOT, 'content') });
    const counting: RestSource = {
      kind: 'embedded',
      get: ((...args: Parameters<RestSource['get']>) => {
        sourceCalls += 1;
        return embedded.get(...args);
      }) as RestSource['get'],
    };
    gw = await startGateway({ NODE_ENV: 'production' }, { upstream: counting });
  });
  afterAll(() => gw?.close());

  it(`refuses each of ${ABUSE.length} abusive requests with a clear error, before anything executes`, async () => {
    expect(ABUSE.length).toBeGreaterThanOrEqual(20);
    const refused: string[] = [];
    for (const abuse of ABUSE) {
      const before = sourceCalls;
      const method = abuse.method ?? 'POST';
      const res = await fetch(gw.url + (abuse.search ?? ''), {
        method,
        headers: { ...(method === 'POST' ? { 'content-type': 'application/json' } : {}), ...abuse.headers },
        body: method === 'POST' ? (abuse.raw ?? JSON.stringify(abuse.body)) : undefined,
      });
      const text = await res.text();
      expect(res.status, abuse.name).toBe(abuse.status);
      const json = JSON.parse(text) as {
        errors?: Array<{ message: string }>;
        error?: string;
        data?: unknown;
      };
      const message = json.errors?.map((e) => e.message).join('\n') ?? json.error ?? '';
      expect(message, abuse.name).toMatch(abuse.message);
      expect(json.data ?? null, abuse.name).toBeNull();
      const strings = collectStrings(json);
      expect(
        strings.filter((s) => /stacktrace|^\s+at |Did you mean/.test(s)),
        abuse.name,
      ).toEqual([]);
      // Refused before execution: no resolver asked the content source anything.
      expect(sourceCalls - before, abuse.name).toBe(0);
      refused.push(abuse.name);
    }
    figure('graphql abuse', `${refused.length}/${ABUSE.length} abusive requests refused before execution`);
  });

  it('still answers the site’s own queries, and preflighted GETs (CSRF prevention lets them through)', async () => {
    const post = await fetch(gw.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: print(documents.PostPageDocument),
        variables: { slug: 'how-to-file-for-divorce-in-india' },
      }),
    });
    expect(post.status).toBe(200);
    expect(((await post.json()) as { data: { post: { slug: string } } }).data.post.slug).toBe(
      'how-to-file-for-divorce-in-india',
    );
    const get = await fetch(`${gw.url}?query=${encodeURIComponent('{ site { name } }')}`, {
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect(get.status).toBe(200);
  });

  it('masks unexpected errors and keeps stack traces out of every answer', async () => {
    const res = await fetch(gw.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'query($n: Int) { posts(first: $n) { totalCount } }',
        variables: { n: 'many' },
      }),
    });
    const json = (await res.json()) as {
      errors: Array<{ message: string; extensions: Record<string, unknown> }>;
    };
    expect(res.status).toBe(400);
    expect(Object.keys(json.errors[0]!.extensions)).toEqual(['code']);
  });

  it('has no sandbox page and no introspection in production: a browser gets a page about the API', async () => {
    const page = await fetch(gw.url, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'nonce-/);
    const html = await page.text();
    expect(html).toContain('GRAPHQL_SANDBOX=true');
    expect(html).not.toMatch(/<script|graphiql/i);
  });
});

describe('the same gateway with the switches turned on, and in development', () => {
  it('serves introspection and the sandbox in production only when enabled', async () => {
    const gw = await startGateway({
      NODE_ENV: 'production',
      GRAPHQL_INTROSPECTION: 'true',
      GRAPHQL_SANDBOX: 'true',
    });
    try {
      const res = await fetch(gw.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ __schema { queryType { name } } }' }),
      });
      expect(await res.json()).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
      const page = await fetch(gw.url, { headers: { accept: 'text/html' } });
      // 503 with a hint when the sandbox has not been built; the page itself when it has.
      expect([200, 503]).toContain(page.status);
      if (page.status === 200) {
        const html = await page.text();
        const csp = page.headers.get('content-security-policy') ?? '';
        const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
        expect(nonce).toBeTruthy();
        for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${nonce}"`);
      }
    } finally {
      await gw.close();
    }
  });

  it('keeps "Did you mean" for developers (the production answer above is the same probe, masked)', async () => {
    const gw = await startGateway({ NODE_ENV: 'development' });
    try {
      const res = await fetch(gw.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ post(slug: "x") { titel } }' }),
      });
      const json = (await res.json()) as { errors: Array<{ message: string }> };
      expect(json.errors[0]!.message).toMatch(/Did you mean "title"/);
    } finally {
      await gw.close();
    }
  });
});
