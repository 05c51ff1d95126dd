import type { CodegenConfig } from '@graphql-codegen/cli';

// One contract, two outputs: resolver signatures for the gateway and typed documents for the web.
const config: CodegenConfig = {
  schema: 'schema.graphql',
  documents: ['web/src/**/*.{ts,tsx}', '!web/src/gql/**/*'],
  ignoreNoDocuments: true,
  generates: {
    'gateway/src/generated/resolvers.ts': {
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        contextType: '../context.js#GatewayContext',
        useTypeImports: true,
        enumsAsTypes: true,
        mappers: {
          Post: '../sources/types.js#WpPostLike',
          Page: '../sources/types.js#WpPage',
          Category: '../sources/types.js#WpCategory',
          PageStructure: '../sources/types.js#WpPageStructure',
          PracticeArea: '../resolvers/practice-area.js#PracticeAreaModel',
          Site: '../resolvers/site.js#SiteModel',
        },
      },
    },
    'web/src/gql/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: { useTypeImports: true, enumsAsTypes: true },
    },
  },
};

export default config;
