// A part of an island whose code loads after the island's (a React.lazy component, decision 045's
// passkey way) shows the server's HTML before it can answer. React drops a click on such a part
// until then, so the page's inline script (before-hydration.ts) keeps a button pressed in it, and
// the part, once ready, acts on the press (decision 056).

/** On a part's root while its code has not run. */
export const LOADING_PART = 'data-loading-part';
/** On a button pressed while its part was loading. */
export const PRESSED_EARLY = 'data-pressed-early';

/** The attribute a part's root carries until it is `ready` (the server's HTML is never ready). */
export function loadingPartMark(ready: boolean): Record<string, string> {
  return ready ? {} : { [LOADING_PART]: '' };
}

/** Whether a button of `part` was pressed while it loaded; the press is taken (asked once). */
export function takeEarlyPress(part: Element | null): boolean {
  const button = part?.querySelector(`[${PRESSED_EARLY}]`);
  if (!button) return false;
  button.removeAttribute(PRESSED_EARLY);
  button.removeAttribute('aria-busy');
  return true;
}
