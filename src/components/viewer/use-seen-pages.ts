import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

/** How far outside the strip a thumbnail starts drawing, so scrolling rarely shows a blank one. */
const DRAW_AHEAD = '300px';

/**
 * Which thumbnails have come into (or near) sight in the strip: only those are drawn, so a fax of
 * hundreds of pages draws a handful at first. Each item registers through `observe` and carries its
 * page number in `data-page`. A change of `redrawKey` (the rotation) forgets the ones out of sight.
 */
export function useSeenPages(
  stripRef: RefObject<HTMLElement | null>,
  redrawKey: unknown,
): {
  seen: ReadonlySet<number>;
  observe: (element: HTMLElement | null) => (() => void) | undefined;
} {
  const [seen, setSeen] = useState<ReadonlySet<number>>(new Set());
  const inSight = useRef(new Set<number>());
  const elements = useRef(new Set<HTMLElement>());
  const observer = useRef<IntersectionObserver | null>(null);

  useEffect(() => {
    const io = new IntersectionObserver(
      (entries) => {
        const arrived: number[] = [];
        for (const entry of entries) {
          const page = Number((entry.target as HTMLElement).dataset.page);
          if (entry.isIntersecting) {
            inSight.current.add(page);
            arrived.push(page);
          } else {
            inSight.current.delete(page);
          }
        }
        if (arrived.length > 0) setSeen((before) => new Set([...before, ...arrived]));
      },
      { root: stripRef.current, rootMargin: DRAW_AHEAD },
    );
    observer.current = io;
    for (const element of elements.current) io.observe(element);
    return () => {
      io.disconnect();
      observer.current = null;
    };
  }, [stripRef]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: redrawKey is the signal to take the pages in sight again
  useEffect(() => {
    setSeen(new Set(inSight.current));
  }, [redrawKey]);

  const observe = useCallback((element: HTMLElement | null) => {
    if (!element) return undefined;
    elements.current.add(element);
    observer.current?.observe(element);
    return () => {
      elements.current.delete(element);
      observer.current?.unobserve(element);
    };
  }, []);

  return { seen, observe };
}
