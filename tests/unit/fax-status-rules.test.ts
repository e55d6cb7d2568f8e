import { describe, expect, it } from 'vitest';
import type { FaxView } from '../../src/common/faxes';
import { addsTimelineEntry } from '../../src/stores/fax-status-rules';
import { faxView } from '../support/fax-view';

// A fax's details page reads its timeline again only when a pushed row says the fax moved a step.

function fax(id: string, fields: Partial<FaxView> = {}): FaxView {
  return faxView({ id, pageCount: 3, creditsCharged: 3, ...fields });
}

describe('addsTimelineEntry (the details page reads its timeline only then)', () => {
  const base = fax('a', { status: 'SENDING', pagesSent: 1 });
  it.each<[string, Partial<FaxView>, boolean]>([
    ['another page sent', { pagesSent: 2, updated: 1100 }, false],
    ['delivered', { status: 'DELIVERED', updated: 1100 }, true],
    ['a retry scheduled', { nextAttemptAt: 5000, updated: 1100 }, true],
    ['the next attempt', { attempt: 2, updated: 1100 }, true],
    ['a refund', { creditsRefunded: 3, updated: 1100 }, true],
  ])('%s → %s', (_label, change, expected) => {
    expect(addsTimelineEntry(base, { ...base, ...change })).toBe(expected);
  });
});
