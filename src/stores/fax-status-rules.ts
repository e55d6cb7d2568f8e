import type { FaxView } from '../common/faxes';

// What a pushed `fax.updated` means for a fax's details page (decision 003): its row carries every
// figure but the timeline, which the page reads again only when the fax moved a step.

/** Whether the server added a timeline entry between these two versions of a fax. */
export function addsTimelineEntry(before: FaxView, after: FaxView): boolean {
  return (
    before.status !== after.status ||
    before.attempt !== after.attempt ||
    before.nextAttemptAt !== after.nextAttemptAt ||
    before.creditsRefunded !== after.creditsRefunded
  );
}
