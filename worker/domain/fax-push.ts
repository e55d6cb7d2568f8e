import type { FaxView } from '../../src/common/faxes';

// When a change to a fax is worth a push to the user's pages (issue 30: one push per change).
// An attempt's start moves only its number and caller id, which the page shows with the attempt's
// first news from the carrier seconds later; a carrier's id learnt, or an event repeated, moves
// only the fax's `updated`. None of them is something the person sees change.

const NOT_SHOWN_ALONE: ReadonlySet<keyof FaxView> = new Set(['updated', 'attempt', 'localNumber']);

/** Whether the page showing `before` would show something else with `after`. */
export function showsChange(before: FaxView, after: FaxView): boolean {
  return (Object.keys(after) as (keyof FaxView)[]).some((key) => !NOT_SHOWN_ALONE.has(key) && before[key] !== after[key]);
}
