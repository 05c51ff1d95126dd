// On a phone the blog's category chips are one scrolling row: a visitor who arrives with a category
// chosen (from a link, a post, a bookmark) sees that chip, not the first few. Only the row scrolls,
// never the page.
export function initChips(doc: Document): void {
  const row = doc.querySelector<HTMLElement>('[data-chips]');
  const chip = row?.querySelector<HTMLElement>('[aria-current="true"]');
  if (!row || !chip) return;
  const box = row.getBoundingClientRect();
  const at = chip.getBoundingClientRect();
  if (at.left >= box.left && at.right <= box.right) return;
  row.scrollLeft += at.left - box.left - (box.width - at.width) / 2;
}
