import { createContext, useContext } from 'react';

import type { Alternates } from '../i18n/alternates';

/** What a server render learns while rendering: the HTTP status and the document head. */
export interface HeadData {
  title: string;
  description: string;
  canonical?: string;
  robots?: string;
  ogType?: string;
  ogImage?: string | null;
  twitterTitle?: string;
  twitterDescription?: string;
  twitterImage?: string | null;
  jsonLd?: unknown[];
}

export interface RenderContextValue {
  status: number;
  head: HeadData | null;
  /** Set when a route asks for a redirect while rendering (e.g. a legacy practice URL). */
  redirect?: { location: string; status: number };
  /** The response's CSP nonce (or its placeholder in a cached page), for the few inline scripts a component writes. */
  nonce?: string;
  /** The page's address in each language (null: an English-only staff page); its switcher links there. */
  alternates?: Alternates | null;
  /** An error a route's error boundary showed during a server render, for the server's log. */
  routeError?: unknown;
}

export const RenderContext = createContext<RenderContextValue | null>(null);

export function useRenderContext(): RenderContextValue | null {
  return useContext(RenderContext);
}

/** Sets the HTTP status of a server render; renders nothing. */
export function HttpStatus({ code }: { code: number }): null {
  const ctx = useContext(RenderContext);
  if (ctx) ctx.status = code;
  return null;
}

/** A permanent move found while rendering: the server answers 301 (routes render on the server only). */
export function MovedTo({ to }: { to: string }): null {
  const ctx = useContext(RenderContext);
  if (ctx) ctx.redirect = { location: to, status: 301 };
  return null;
}
