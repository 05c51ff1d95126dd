/**
 * `load`, called at most once while it succeeds or is under way: every caller shares the same
 * promise. A failure is forgotten, so the next call tries again (a download that failed offline).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}
