import type { SendArea } from './send-problems';

// The control each part of /send is reached by when Send takes the person to it (one composer a
// page, so fixed ids): the To field, the document's file input, the send-later date and time.
export const AREA_CONTROL: Record<Exclude<SendArea, 'send'>, string> = {
  to: 'send-to',
  document: 'send-document',
  later: 'send-later-at',
};

/** Moves focus to the part's control (the browser scrolls it into view) and answers whether it could. */
export function focusArea(area: SendArea): boolean {
  if (area === 'send') return false;
  const control = document.getElementById(AREA_CONTROL[area]);
  control?.focus();
  return control !== null;
}
