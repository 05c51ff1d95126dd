/**
 * Each island's module, as Vite's manifest names it (the registry, registry.ts, imports it): the
 * server preloads its chunks with the islands' entry on a page that has the island.
 */
export const ISLAND_MODULES: Record<string, string> = {
  'contact-form': 'src/components/contact/ContactForm.tsx',
  'wp-connection': 'src/routes/wp-admin/ConnectionStatus.tsx',
};

/**
 * The catalogue namespaces an island's texts come from (brief §10): its browser code loads those of
 * the page's language (data-island-lang) with its module. Islands not named here show no fixed text
 * in a language other than English (the staff's /wp-admin).
 */
export const ISLAND_NAMESPACES: Record<string, readonly string[]> = {
  'contact-form': ['contact'],
};

/** The element an island hydrates into: the inner one of its two wrappers. */
export const ISLAND_ROOT_ATTR = 'data-island-root';

/** useId's prefix in an island, on the server and in the browser alike, so their ids match. */
export const islandIdPrefix = (name: string) => `${name}-`;

/** JSON inside <script>: no '<' may survive, or a string could close the script element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
