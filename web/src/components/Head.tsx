import { useEffect } from 'react';
import { useRenderContext, type HeadData } from '../app/render-context';

function setMeta(attr: 'name' | 'property', key: string, value: string | null | undefined): void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!value) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = value;
}

function setCanonical(href: string | undefined): void {
  let el = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!href) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('link');
    el.rel = 'canonical';
    document.head.appendChild(el);
  }
  el.href = href;
}

/**
 * The document head of a route. On the server it is recorded into the render context and written
 * into <head> by the HTML template (what crawlers and slow phones see first); in the browser it
 * updates the live head after client-side navigation.
 */
export function Head(props: HeadData) {
  const ctx = useRenderContext();
  if (ctx?.isServer) ctx.head = props;
  const jsonLd = JSON.stringify(props.jsonLd ?? []);
  useEffect(() => {
    document.title = props.title;
    setMeta('name', 'description', props.description);
    setMeta('name', 'robots', props.robots);
    setMeta('property', 'og:title', props.title);
    setMeta('property', 'og:description', props.description);
    setMeta('property', 'og:type', props.ogType ?? 'website');
    setMeta('property', 'og:url', props.canonical);
    setMeta('property', 'og:image', props.ogImage);
    setMeta('name', 'twitter:title', props.twitterTitle ?? props.title);
    setMeta('name', 'twitter:description', props.twitterDescription ?? props.description);
    setMeta('name', 'twitter:image', props.twitterImage ?? props.ogImage);
    setCanonical(props.canonical);
    const ld = document.getElementById('jsonld');
    if (ld) ld.textContent = jsonLd;
  }, [
    props.title,
    props.description,
    props.robots,
    props.ogType,
    props.canonical,
    props.ogImage,
    props.twitterTitle,
    props.twitterDescription,
    props.twitterImage,
    jsonLd,
  ]);
  return null;
}
