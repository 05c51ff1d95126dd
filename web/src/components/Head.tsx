import { useRenderContext, type HeadData } from '../app/render-context';

/**
 * The document head of a route: recorded into the render context and written into <head> by the
 * HTML template (what crawlers and slow phones see first). Routes render on the server only (links
 * load documents), so there is no live head to update.
 */
export function Head(props: HeadData) {
  const ctx = useRenderContext();
  if (ctx) ctx.head = props;
  return null;
}
