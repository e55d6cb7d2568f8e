import { useEffect, useState } from 'react';

export interface Selection {
  selected: ReadonlySet<string>;
  toggle: (id: string, on: boolean) => void;
  /** Ticks exactly these (all shown), or none. */
  setAll: (ids: readonly string[]) => void;
  clear: () => void;
}

/** The ticked rows of a list; a row no longer listed (moved, deleted, here or in another tab) drops out. */
export function useSelection(listed: readonly string[]): Selection {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const key = listed.join(' ');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ids themselves, not the array's identity
  useEffect(() => {
    const present = new Set(listed);
    setSelected((current) =>
      [...current].every((id) => present.has(id)) ? current : new Set([...current].filter((id) => present.has(id))),
    );
  }, [key]);
  return {
    selected,
    toggle: (id, on) =>
      setSelected((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    setAll: (ids) => setSelected(new Set(ids)),
    clear: () => setSelected(new Set()),
  };
}
