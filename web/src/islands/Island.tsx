// An interactive part of a page, as the server renders it: the part's HTML, rendered as a root of
// its own (so useId's values are the ones the browser's hydrateRoot computes), with its props as
// JSON in an attribute. The browser hydrates it alone (entry.tsx); the rest of the page stays HTML.
// Server only: the browser never renders this component.
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { ChakraProvider, useChakraContext } from '@chakra-ui/react';
import { CacheProvider, __unsafe_useEmotionCache as useEmotionCache } from '@emotion/react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { ISLAND_NAMESPACES, ISLAND_ROOT_ATTR, islandIdPrefix } from './island-markup';

/** The wrappers take no box of their own: the part lays out as if it stood in their place. */
const NO_BOX = { display: 'contents' } as const;

export function Island<P extends object>(props: {
  /** The island's name in web/src/islands/registry.ts. */
  name: string;
  component: ComponentType<P>;
  /** Plain data: it travels in the page as JSON. */
  props: P;
  /** 'visible': its code comes when the visitor comes near it; 'page' (default): once the page has painted. */
  load?: 'visible' | 'page';
}) {
  const cache = useEmotionCache();
  const system = useChakraContext();
  const { i18n } = useTranslation();
  const speaks = props.name in ISLAND_NAMESPACES;
  const { component: Component } = props;
  const html = renderToString(
    <CacheProvider value={cache!}>
      <ChakraProvider value={system}>
        <I18nextProvider i18n={i18n}>
          <Component {...props.props} />
        </I18nextProvider>
      </ChakraProvider>
    </CacheProvider>,
    { identifierPrefix: islandIdPrefix(props.name) },
  );
  return (
    <div
      data-island={props.name}
      data-load={props.load ?? 'page'}
      // The page's language, whose catalogues the browser loads for the island (entry.tsx).
      data-island-lang={speaks ? i18n.language : undefined}
      // React escapes the attribute: the props' JSON cannot end it or open an element.
      data-island-props={JSON.stringify(props.props)}
      style={NO_BOX}
    >
      <div {...{ [ISLAND_ROOT_ATTR]: '' }} style={NO_BOX} dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}
