// Limits on the shape of a GraphQL document, checked while it is parsed and validated, before any
// resolver runs (graphql-armor). The numbers come from the documents the site itself sends (measured
// by hardening/graphql.test.ts, README "Security") with headroom for the sandbox and the tests.
import { ApolloArmor } from '@escape.tech/graphql-armor';

export const GRAPHQL_LIMITS = {
  /** Nesting levels (fragments count as a level). The site's deepest query: 6. */
  maxDepth: 12,
  /** Aliased fields per operation: the site uses none; aliases are how one request repeats a field 1000 times. */
  maxAliases: 10,
  /** Lexical tokens in the document. The site's largest query: 142 (GraphiQL's introspection: 163). */
  maxTokens: 1000,
  /**
   * graphql-armor's cost (objects 2, scalars 1, x1.5 per level, x`first` when written literally). The
   * site's costliest query: 400; a literal `posts(first: 100)` listing with its fields: about 7,100.
   */
  maxCost: 15_000,
  /** Directives per operation: the site uses none. */
  maxDirectives: 10,
} as const;

/**
 * Validation rules and plugins for Apollo Server; rejections are BAD_USER_INPUT with a clear message.
 * "Did you mean" suggestions are removed in production only: they help a developer, and tell an
 * attacker about fields they did not ask for.
 */
export function graphqlArmor(options: { production: boolean }) {
  const { plugins, validationRules } = new ApolloArmor({
    maxDepth: { n: GRAPHQL_LIMITS.maxDepth },
    maxAliases: { n: GRAPHQL_LIMITS.maxAliases },
    // Counted by graphql-js's own parser instead (parseOptions below): armor's token check throws
    // where Apollo answers 500; the parser's limit is a syntax error, answered 400.
    maxTokens: { enabled: false },
    costLimit: { maxCost: GRAPHQL_LIMITS.maxCost },
    maxDirectives: { n: GRAPHQL_LIMITS.maxDirectives },
    blockFieldSuggestion: { enabled: options.production },
  }).protect();
  return { plugins, validationRules, parseOptions: { maxTokens: GRAPHQL_LIMITS.maxTokens } };
}
