import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';
import { useEffect, useState } from 'react';

/**
 * What an island shows of a store that starts from the data its page was rendered with
 * (decision 033): that data itself until the island has hydrated, so the browser's first render
 * matches the server's HTML (and no user's data is ever put in a store on the server, where stores
 * are shared by every request); then the store, which `start` fills from the same data once.
 * Without `start`, for a store the page's other islands fill and change: islands hydrate one by
 * one, so one that hydrates late may find it already changed (a fax marked read as its page
 * opened, a push), and showing that at once would not match the HTML (tests/e2e/first-paint.test.ts).
 */
export function useSeededStore<T>($store: ReadableAtom<T>, rendered: T, start: () => void = () => undefined): T {
  const [hydrated, setHydrated] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page's data is started once, as it hydrates
  useEffect(() => {
    start();
    setHydrated(true);
  }, []);
  const stored = useStore($store);
  return hydrated ? stored : rendered;
}
