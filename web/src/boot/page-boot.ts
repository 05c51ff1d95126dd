import { openMenuBeforeHydration } from './phone-menu';
import { scriptStarter, startWhenPainted, type PageScripts } from './page-scripts';

/**
 * The page's first script, inlined by the server at the end of <body> (web/server/html.server.ts).
 * Vite builds it on its own, as one classic script without imports (web/build/page-boot.ts): it
 * runs as soon as the HTML above it is parsed, before any module has downloaded. The server names
 * the page's scripts on the element itself: `data-entry` (the entry module) and `data-chunks`
 * (the modules to preload, separated by spaces).
 */
export function bootPage(win: Window, script: HTMLOrSVGScriptElement | null): void {
  openMenuBeforeHydration(win);
  const scripts = script ? readPageScripts(script) : null;
  if (scripts) startWhenPainted(win, scriptStarter(win.document, scripts));
}

export function readPageScripts(script: HTMLOrSVGScriptElement): PageScripts | null {
  const entry = script.dataset.entry;
  if (!entry) return null;
  const chunks = (script.dataset.chunks ?? '').split(' ').filter(Boolean);
  return { entry, chunks };
}

/** The attributes readPageScripts reads, for the server to write. */
export function pageScriptsAttributes(scripts: PageScripts): Record<string, string> {
  return { 'data-entry': scripts.entry, 'data-chunks': scripts.chunks.join(' ') };
}
