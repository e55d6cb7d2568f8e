import { atom } from 'nanostores';
import { describe, expect, it } from 'vitest';
import { clearUserStorage, onTeardown, type StorageLike, tearDown, USER_STORAGE_PREFIX } from '../../src/stores/teardown';

// Spec §2: on sign-out and teardown the current user and the fax state are cleared, from memory
// (each store registers its reset) and from browser storage (the user's keys only).

/** A Storage over a Map, as sessionStorage and localStorage behave for these three calls. */
function fakeStorage(entries: Record<string, string>): StorageLike & { keys(): string[] } {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    keys: () => [...map.keys()],
  };
}

describe('clearUserStorage', () => {
  it('removes every key of the signed-in user, and keeps the rest (attribution, the reload guard)', () => {
    const storage = fakeStorage({
      [`${USER_STORAGE_PREFIX}prefetched`]: '{}',
      [`${USER_STORAGE_PREFIX}other`]: 'x',
      attribution: '{"source":"google"}',
      'faxflow.shell.reloadAt': '1',
    });
    clearUserStorage(storage);
    expect(storage.keys().sort()).toEqual(['attribution', 'faxflow.shell.reloadAt']);
  });

  it('leaves an empty storage empty', () => {
    const storage = fakeStorage({});
    clearUserStorage(storage);
    expect(storage.keys()).toEqual([]);
  });
});

describe('tearDown', () => {
  it('runs every registered reset, until it is unregistered', () => {
    const $faxes = atom<string[] | null>(['fax-1']);
    const stop = onTeardown(() => $faxes.set(null));
    tearDown({ storage: false });
    expect($faxes.get()).toBeNull();

    $faxes.set(['fax-2']);
    stop();
    tearDown({ storage: true }); // no browser storage here (workerd): only the memory
    expect($faxes.get()).toEqual(['fax-2']);
  });
});
