// The items a preview made from a draft. Resolvers derive them like published items, but nothing
// derived from them is kept: prepareContent's memo is skipped for them (derive/content.ts).
const drafts = new WeakSet<object>();

export function markDraft<T extends object>(item: T): T {
  drafts.add(item);
  return item;
}

export function isDraft(item: unknown): boolean {
  return typeof item === 'object' && item !== null && drafts.has(item);
}
