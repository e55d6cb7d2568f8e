import { useCallback } from 'react';

/**
 * Ties a popover to the button that opens it by a CSS anchor name (list.css: `anchor-name` and
 * `position-anchor` read `--anchor`). Set through the CSSOM as the element mounts, because the
 * pages' Content-Security-Policy allows no style attribute. Give the ref to both elements.
 */
export function useAnchor(id: string): (element: HTMLElement | null) => void {
  const name = `--anchor-${id.replace(/[^\w-]/g, '')}`;
  return useCallback((element: HTMLElement | null) => element?.style.setProperty('--anchor', name), [name]);
}
