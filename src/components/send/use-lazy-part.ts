import { type ComponentType, useEffect, useState } from 'react';

// A part of /send loaded the first time it is wanted (the cover page's fields, the send-later
// picker): it is not counted in the page's JavaScript (decision 032). Offline, it says so and can
// be tried again; nothing typed is lost meanwhile, as it is all in the draft.

export type LazyPart<P> = { kind: 'loading' } | { kind: 'failed'; retry: () => void } | { kind: 'ready'; Part: ComponentType<P> };

export function useLazyPart<P>(load: () => Promise<{ default: ComponentType<P> }>, wanted: boolean): LazyPart<P> {
  const [state, setState] = useState<{ Part: ComponentType<P> | null; failed: boolean }>({ Part: null, failed: false });
  const [tries, setTries] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is a module's import, the same each render
  useEffect(() => {
    if (!wanted || state.Part) return;
    let live = true;
    load().then(
      (module) => live && setState({ Part: module.default, failed: false }),
      () => live && setState({ Part: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [wanted, tries]);
  if (state.Part) return { kind: 'ready', Part: state.Part };
  const retry = () => {
    setState({ Part: null, failed: false });
    setTries((n) => n + 1);
  };
  if (state.failed) return { kind: 'failed', retry };
  return { kind: 'loading' };
}
