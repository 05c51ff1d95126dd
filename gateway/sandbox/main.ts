// A GraphiQL that runs with no internet: bundled by Vite (editor workers included) and served by the
// gateway itself at GET /graphql in development. Apollo's own landing page loads from a CDN.
import { createGraphiQLFetcher } from '@graphiql/toolkit';
import { GraphiQL } from 'graphiql';
import 'graphiql/setup-workers/vite';
import 'graphiql/style.css';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

const DEFAULT_QUERY = `# The gateway's schema: press the play button to run a query.
query Home {
  site { name phone email }
  practiceAreas { slug title icon origin }
  posts(first: 3) {
    totalCount
    nodes { slug title dateFormatted readingTimeMinutes excerpt(length: 120) }
  }
  connection { status source message }
}
`;

const fetcher = createGraphiQLFetcher({
  url: new URL('/graphql', window.location.href).href,
  // Apollo's CSRF prevention wants a non-simple request; this header makes every request one.
  headers: { 'apollo-require-preflight': 'true' },
});

const root = document.getElementById('graphiql');
if (root) {
  root.textContent = '';
  createRoot(root).render(createElement(GraphiQL, { fetcher, defaultQuery: DEFAULT_QUERY }));
}
