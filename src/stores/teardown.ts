// Spec §2: when the app is torn down, the current user and the fax state are cleared. Each store
// that holds a user's data registers how to forget it here (this file imports no store, so any
// store may use it without a circle). Sign-out and an ended session forget the memory and the
// user's keys in browser storage; a page that goes away for good (pagehide, not kept in the
// back/forward cache) forgets the memory, leaving storage to the next page of the same session.

/** Browser storage keys under this prefix hold a signed-in user's state; sign-out removes them. */
export const USER_STORAGE_PREFIX = 'faxflow.user.';

type Reset = () => void;

/** The part of Storage (sessionStorage, localStorage) teardown uses. */
export interface StorageLike {
  readonly length: number;
  key(index: number): string | null;
  removeItem(key: string): void;
}

// Typed here rather than through the DOM's types: the workerd tests load this file too.
interface BrowserWindow {
  sessionStorage: StorageLike;
  localStorage: StorageLike;
  addEventListener(type: 'pagehide', listener: (event: { persisted: boolean }) => void): void;
}
const browser = (globalThis as { window?: BrowserWindow }).window;
const resets = new Set<Reset>();

/** Registers how a store forgets the user's data; answers the way to unregister. */
export function onTeardown(reset: Reset): () => void {
  resets.add(reset);
  return () => resets.delete(reset);
}

/** Removes every key of `storage` under USER_STORAGE_PREFIX (and nothing else: attribution stays). */
export function clearUserStorage(storage: StorageLike): void {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key?.startsWith(USER_STORAGE_PREFIX)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}

function clearBrowserStorage(open: BrowserWindow): void {
  for (const read of [() => open.sessionStorage, () => open.localStorage]) {
    try {
      clearUserStorage(read());
    } catch {
      // Storage refused (privacy mode, blocked cookies): there is nothing of ours in it then.
    }
  }
}

/** Forgets the user's data in every store; `storage` also removes the user's keys from browser storage. */
export function tearDown({ storage }: { storage: boolean }): void {
  for (const reset of resets) reset();
  if (storage && browser) clearBrowserStorage(browser);
}

if (browser) {
  browser.addEventListener('pagehide', (event) => {
    if (!event.persisted) tearDown({ storage: false });
  });
}
