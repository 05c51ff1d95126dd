// Schema-first: the contract in schema.graphql, implemented by the typed resolvers.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import { REPO_ROOT } from './config.js';
import { resolvers } from './resolvers/index.js';

export const SCHEMA_PATH = path.join(REPO_ROOT, 'schema.graphql');

export function loadTypeDefs(): string {
  return readFileSync(SCHEMA_PATH, 'utf8');
}

export function buildSchema(typeDefs: string = loadTypeDefs()): GraphQLSchema {
  return makeExecutableSchema({
    typeDefs,
    resolvers,
    // A resolver for a field the schema does not have is a mistake, not an extension.
    resolverValidationOptions: { requireResolversToMatchSchema: 'error' },
  });
}
