// The cost limit counts list sizes as the resolvers receive them: written literally, passed in a
// variable (or a variable's default), or left to the schema's default. A refusal comes before
// anything executes, in the same shape whichever way the size was given.
import { Kind, parse, print, type OperationDefinitionNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSchema } from '../src/schema.js';
import { GRAPHQL_LIMITS, withListSizesResolved } from '../src/security/armor.js';
import { startHarness, type Harness } from './harness.js';
import { BLOG_LIST } from './queries.js';

const SELECTION = 'nodes { title slug categories { name slug count } }';
const aliased = (list: string) =>
  Array.from({ length: GRAPHQL_LIMITS.maxAliases }, (_, i) => `p${i}: ${list} { ${SELECTION} }`).join(' ');

const LITERAL = `{ ${aliased('posts(first: 100)')} }`;
const VARIABLE = `query Lists($n: Int) { ${aliased('posts(first: $n)')} }`;
const DEFAULTED = `query Lists($n: Int = 100) { ${aliased('posts(first: $n)')} }`;
const viaFragment = (list: string, variables = '') =>
  `query Lists${variables} { ${Array.from(
    { length: GRAPHQL_LIMITS.maxAliases },
    (_, i) => `p${i}: ${list} { ...Listing }`,
  ).join(' ')} } fragment Listing on PostList { ${SELECTION} }`;

describe('the cost limit with variables', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ mode: 'embedded', env: { NODE_ENV: 'production' } });
  });
  afterAll(() => h.close());

  async function run(query: string, variables?: Record<string, unknown>) {
    const before = h.upstreamRequests();
    const response = await h.gateway.executeOperation({ query, ...(variables ? { variables } : {}) });
    if (response.body.kind !== 'single') throw new Error('expected a single result');
    return {
      status: response.http.status ?? 200,
      result: response.body.singleResult,
      upstream: h.upstreamRequests() - before,
    };
  }

  it('refuses ten 100-post lists written literally (armor at validation)', async () => {
    const literal = await run(LITERAL);
    expect(literal.status).toBe(400);
    expect(literal.result).toEqual({
      errors: [
        {
          message: 'Syntax Error: Query Cost limit of 15000 exceeded, found 24125.',
          extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
        },
      ],
    });
    expect(literal.upstream).toBe(0);
  });

  it.each([
    ['a variable', LITERAL, VARIABLE, { n: 100 }],
    ["a variable's default", LITERAL, DEFAULTED, undefined],
    [
      'a variable, through a fragment',
      viaFragment('posts(first: 100)'),
      viaFragment('posts(first: $n)', '($n: Int!)'),
      { n: 100 },
    ],
  ])(
    'refuses lists sized by %s exactly like the literal form',
    async (_how, literalQuery, query, variables) => {
      const literal = await run(literalQuery, variables);
      expect(literal.status).toBe(400);
      expect(literal.result.errors?.[0]?.message).toMatch(
        /^Syntax Error: Query Cost limit of 15000 exceeded/,
      );
      const sized = await run(query, variables);
      expect(sized.status).toBe(literal.status);
      expect(sized.result).toEqual(literal.result);
      expect(sized.result.data).toBeUndefined();
      // Refused before execution: no resolver asked the content source anything.
      expect(sized.upstream).toBe(0);
    },
  );

  it('judges each request by its own sizes, whatever was asked before with the same document', async () => {
    const searching = `query Lists($n: Int, $s: String) { ${aliased('posts(first: $n, search: $s)')} }`;
    const answer = async (variables: Record<string, unknown>) => {
      const r = await run(searching, variables);
      return [r.status, r.result.errors?.[0]?.extensions?.code, r.upstream];
    };
    expect(await answer({ n: 2, s: 'bail' })).toEqual([200, undefined, expect.any(Number)]);
    expect(await answer({ n: 100, s: 'bail' })).toEqual([400, 'GRAPHQL_VALIDATION_FAILED', 0]);
    // Sizes that do not coerce are execution's to refuse; the same size as a number is still judged.
    expect(await answer({ n: '100', s: 'bail' })).toEqual([400, 'BAD_USER_INPUT', 0]);
    expect(await answer({ n: 100, s: 123 })).toEqual([400, 'GRAPHQL_VALIDATION_FAILED', 0]);
    expect(await answer({ n: 100, s: 'divorce' })).toEqual([400, 'GRAPHQL_VALIDATION_FAILED', 0]);
    expect(await answer({ n: 2, s: 'divorce' })).toEqual([200, undefined, expect.any(Number)]);
    expect(await answer({ n: 100, s: 'bail' })).toEqual([400, 'GRAPHQL_VALIDATION_FAILED', 0]);
  });

  it('answers the same operation with small lists', async () => {
    const small = await run(VARIABLE, { n: 2 });
    expect(small.status).toBe(200);
    expect(small.result.errors).toBeUndefined();
    expect(Object.keys(small.result.data ?? {})).toHaveLength(GRAPHQL_LIMITS.maxAliases);
  });

  it("still answers the site's blog list with its variables", async () => {
    const blog = await run(BLOG_LIST, { first: 20, page: 1 });
    expect(blog.status).toBe(200);
    expect(blog.result.errors).toBeUndefined();
    expect((blog.result.data as { posts: { nodes: unknown[] } }).posts.nodes).toHaveLength(20);
  });

  it('leaves variables that do not coerce to execution, which refuses them without running anything', async () => {
    const bad = await run(VARIABLE, { n: 'many' });
    expect(bad.status).toBe(400);
    expect(bad.result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(bad.upstream).toBe(0);
  });
});

describe('withListSizesResolved', () => {
  const schema = buildSchema();
  const resolve = (query: string, variables: Record<string, unknown> = {}) => {
    const document = parse(query);
    const operation = document.definitions.find(
      (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
    )!;
    const resolved = withListSizesResolved(schema, document, operation, variables);
    return resolved && print(resolved).replace(/\s+/g, ' ');
  };

  it('writes each list size as the number its resolver receives', () => {
    expect(resolve('query($n: Int) { posts(first: $n, page: 2) { totalCount } }', { n: 40 })).toBe(
      'query ($n: Int) { posts(first: 40) { totalCount } }',
    );
    // The schema's defaults: posts list 10, pages 100, when the document says nothing or null.
    expect(resolve('{ posts { totalCount } pages { slug } }')).toBe(
      '{ posts(first: 10) { totalCount } pages(first: 100) { slug } }',
    );
    expect(resolve('query($n: Int) { pages(first: $n) { slug } }', { n: null })).toBe(
      'query ($n: Int) { pages(first: 100) { slug } }',
    );
    // Fields without a list size, and scalars, are left as written.
    expect(resolve('{ post(slug: "a") { excerpt(length: 9) } }')).toBe(
      '{ post(slug: "a") { excerpt(length: 9) } }',
    );
  });

  it('keeps only the operation that runs, with the fragments it may use', () => {
    expect(
      resolve(
        'query A { site { name } } query B($n: Int!) { posts(first: $n) { ...F } } fragment F on PostList { totalCount }',
        {
          n: 3,
        },
      ),
    ).toBe('query A { site { name } } fragment F on PostList { totalCount }');
  });

  it('gives up on variables that do not coerce', () => {
    expect(resolve('query($n: Int!) { posts(first: $n) { totalCount } }', {})).toBeNull();
    expect(resolve('query($n: Int) { posts(first: $n) { totalCount } }', { n: 'x' })).toBeNull();
  });
});
