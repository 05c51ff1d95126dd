import { useSyncExternalStore } from 'react';

const noopSubscribe = () => () => {};

/**
 * False in the server's HTML and while React hydrates it (React then uses the server's value), true
 * in a render of the browser's own: what a component needs to render exactly the server's markup
 * first, then what only a script can do.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noopSubscribe,
    () => true,
    () => false,
  );
}
