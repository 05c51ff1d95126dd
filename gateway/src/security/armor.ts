// Limits on the shape of a GraphQL document, checked while it is parsed and validated, before any
// resolver runs (graphql-armor). The numbers come from the documents the site itself sends (measured
// by hardening/graphql.test.ts, docs/security.md) with headroom for the sandbox and the tests.
import { createRequire } from 'node:module';
import { HeaderMap, type ApolloServerPlugin } from '@apollo/server';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import {
  GraphQLError,
  Kind,
  type ArgumentNode,
  type DocumentNode,
  type FieldNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type ValidationRule,
} from 'graphql';
import { memo } from '../memo.js';

// graphql-js tells its types apart with instanceof, so what reads the schema must come from the copy
// of graphql that built it. Apollo and graphql-tools load its CommonJS build (as Node resolves
// `graphql` for everyone); a bundler or test runner may hand this file its ES-module build instead.
const { TypeInfo, getVariableValues, validate, visit, visitWithTypeInfo } = createRequire(import.meta.url)(
  'graphql',
) as typeof import('graphql');

export const GRAPHQL_LIMITS = {
  /**
   * Nesting levels (fragments count as a level). The site's deepest query: 9, the preview page's (a
   * draft inside `preview`, shown by the published views' fragments within fragments).
   */
  maxDepth: 18,
  /** Aliased fields per operation: the site uses none; aliases are how one request repeats a field 1000 times. */
  maxAliases: 10,
  /** Lexical tokens in the document. The site's largest query: 142 (GraphiQL's introspection: 163). */
  maxTokens: 1000,
  /**
   * graphql-armor's cost (objects 2, scalars 1, x1.5 per level, x`first`). armor reads `first` only
   * when written literally; costWithVariablesPlugin counts it as the resolver receives it (from a
   * variable, or a default). The site's costliest document: 400 as written; with the variables it
   * sends, its blog page of 20 posts: about 2,900. A `posts(first: 100)` listing with its fields:
   * about 7,100.
   */
  maxCost: 15_000,
  /** Directives per operation: the site uses none. */
  maxDirectives: 10,
} as const;

/**
 * Validation rules and plugins for Apollo Server; rejections are 400s with a clear message.
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
  return {
    plugins: [...plugins, costWithVariablesPlugin()],
    validationRules,
    parseOptions: { maxTokens: GRAPHQL_LIMITS.maxTokens },
  };
}

/** armor's cost rule alone, with the options above: the same numbers and the same message. */
function costRuleOnly(): ValidationRule[] {
  return new ApolloArmor({
    costLimit: { maxCost: GRAPHQL_LIMITS.maxCost },
    maxDepth: { enabled: false },
    maxAliases: { enabled: false },
    maxTokens: { enabled: false },
    maxDirectives: { enabled: false },
    blockFieldSuggestion: { enabled: false },
  }).protect().validationRules;
}

const LIST_SIZE_ARGUMENTS = new Set(['first', 'last']);

/** The variables a document sizes its lists with: the only ones its cost can depend on. */
function listSizeVariables(document: DocumentNode): Set<string> {
  const names = new Set<string>();
  visit(document, {
    Argument(node) {
      if (LIST_SIZE_ARGUMENTS.has(node.name.value) && node.value.kind === Kind.VARIABLE) {
        names.add(node.value.name.value);
      }
    },
  });
  return names;
}

/**
 * The operation (with the document's fragments) as it will run: every `first`/`last` that armor's
 * cost rule multiplies by is written as the number its resolver receives, whether the document
 * wrote it literally, through a variable (coerced, the operation's defaults applied), or left it to
 * the schema's default (`pages` lists 100 unless told otherwise). It depends on those variables
 * alone. Null when they do not coerce: execution refuses them with its own error, before any
 * resolver runs.
 */
export function withListSizesResolved(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  rawVariables: Readonly<Record<string, unknown>>,
): DocumentNode | null {
  const sizing = listSizeVariables(document);
  const definitions = (operation.variableDefinitions ?? []).filter((d) => sizing.has(d.variable.name.value));
  const coerced = getVariableValues(schema, definitions, rawVariables, { maxErrors: 1 });
  if (!coerced.coerced) return null;
  const variables = coerced.coerced;
  const fragments = document.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION);
  const typeInfo = new TypeInfo(schema);
  return visit(
    { kind: Kind.DOCUMENT, definitions: [operation, ...fragments] },
    visitWithTypeInfo(typeInfo, {
      Field(node: FieldNode): FieldNode | undefined {
        const def = typeInfo.getFieldDef();
        if (!def || !node.selectionSet) return undefined;
        // The argument armor reads: the first of first/last written, else one with a default.
        const written = node.arguments?.find((a) => LIST_SIZE_ARGUMENTS.has(a.name.value));
        const name =
          written?.name.value ??
          def.args.find((a) => LIST_SIZE_ARGUMENTS.has(a.name) && typeof a.defaultValue === 'number')?.name;
        if (!name) return undefined;
        let size: unknown;
        if (written?.value.kind === Kind.INT) size = parseInt(written.value.value, 10);
        else if (written?.value.kind === Kind.VARIABLE) size = variables[written.value.name.value];
        // Left out, a variable without a value, or null: the default, as the resolvers' clampInt does.
        size ??= def.args.find((a) => a.name === name)?.defaultValue;
        if (typeof size !== 'number') return undefined;
        const argument: ArgumentNode = {
          kind: Kind.ARGUMENT,
          name: { kind: Kind.NAME, value: name },
          value: { kind: Kind.INT, value: String(size) },
        };
        return { ...node, arguments: [argument] };
      },
    }),
  );
}

/**
 * Verdicts per document (Apollo hands back the same parsed document for the same query text), by
 * operation and the values of its list-size variables: the site asks the same few queries with the
 * same few sizes, and the walk and the cost rule would otherwise run again for each.
 */
interface DocumentCosts {
  variables: readonly string[];
  /** The refusal's message, or null for an operation within the limit. */
  verdicts: Map<string, string | null>;
}
const MAX_VERDICTS_PER_DOCUMENT = 256;
/** Longer keys (huge values sent on purpose) are not kept: the body limit is 1 MB. */
const MAX_VERDICT_KEY = 256;

/**
 * Refuses, before execution, an operation whose cost is over the limit once its variables are
 * known. armor's rule runs at validation, when a document is all there is: `posts(first: $n)` costs
 * the same as `posts` there, whatever $n holds. The refusal has the shape of armor's own: a 400 with
 * GRAPHQL_VALIDATION_FAILED and "Query Cost limit of ... exceeded".
 */
export function costWithVariablesPlugin(): ApolloServerPlugin {
  const rules = costRuleOnly();
  const costs = new WeakMap<DocumentNode, DocumentCosts>();

  function refusal(
    schema: GraphQLSchema,
    document: DocumentNode,
    operation: OperationDefinitionNode,
    variables: Readonly<Record<string, unknown>>,
  ): string | null {
    const known = memo(costs, document, () => ({
      variables: [...listSizeVariables(document)],
      verdicts: new Map<string, string | null>(),
    }));
    // A variable left out (its default applies) is told apart from one sent as null.
    const values = known.variables.map((name) => (Object.hasOwn(variables, name) ? [variables[name]] : []));
    const key = `${operation.name?.value ?? ''}:${JSON.stringify(values)}`;
    const cached = known.verdicts.get(key);
    if (cached !== undefined) return cached;
    const resolved = withListSizesResolved(schema, document, operation, variables);
    const verdict = resolved ? (validate(schema, resolved, rules)[0]?.message ?? null) : null;
    if (key.length <= MAX_VERDICT_KEY) {
      if (known.verdicts.size >= MAX_VERDICTS_PER_DOCUMENT) known.verdicts.clear();
      known.verdicts.set(key, verdict);
    }
    return verdict;
  }

  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document, operation, request }) {
          if (!operation) return;
          const message = refusal(schema, document, operation, request.variables ?? {});
          if (message === null) return;
          throw new GraphQLError(message, {
            extensions: {
              code: 'GRAPHQL_VALIDATION_FAILED',
              http: { status: 400, headers: new HeaderMap() },
            },
          });
        },
      };
    },
  };
}
