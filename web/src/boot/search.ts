// The blog search is a plain GET form (it works without JavaScript, Enter sends it). Here it also
// searches as the visitor types: after a pause the result page replaces this one (replace, so Back
// leaves the blog instead of stepping through keystrokes), and the box on the new page takes the
// focus back with the caret at the end, so typing goes on.

/** The pause after the last keystroke before the results are asked for. */
export const SEARCH_PAUSE_MS = 600;
/** Set in sessionStorage while the result page of a search typed here loads. */
export const REFOCUS_KEY = 'searchFocus';

/** The address the form would send, as the server reads it (empty fields left out, like blogHref). */
export function searchAddress(form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const el of form.querySelectorAll<HTMLInputElement>('input[name]')) {
    const value = el.value.trim();
    if (value) params.set(el.name, value);
  }
  const query = params.toString();
  const action = new URL(form.action, form.ownerDocument.baseURI).pathname;
  return query ? `${action}?${query}` : action;
}

export function initSearch(
  doc: Document,
  opts: { pauseMs?: number; go?: (href: string) => void } = {},
): void {
  const form = doc.querySelector<HTMLFormElement>('form[data-live-search]');
  const input = form?.querySelector<HTMLInputElement>('input[name="q"]');
  if (!form || !input) return;
  const win = doc.defaultView!;
  const here = () => win.location.pathname + win.location.search;
  const go =
    opts.go ??
    ((href: string) => {
      try {
        win.sessionStorage.setItem(REFOCUS_KEY, '1');
      } catch {
        // No storage: the new page simply does not take the focus.
      }
      win.location.replace(href);
    });
  try {
    if (win.sessionStorage.getItem(REFOCUS_KEY)) {
      win.sessionStorage.removeItem(REFOCUS_KEY);
      input.focus();
      input.setSelectionRange(input.value.length, input.value.length);
    }
  } catch {
    // No storage.
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const next = searchAddress(form);
      if (next !== here()) go(next);
    }, opts.pauseMs ?? SEARCH_PAUSE_MS);
  });
  form.addEventListener('submit', () => clearTimeout(timer));
}
