import { describe, expect, it } from 'vitest';
import type { FaxView } from '../../src/common/faxes';
import { addsTimelineEntry } from '../../src/stores/fax-status-rules';

// A fax's details page reads its timeline again only when a pushed row says the fax moved a step.

function fax(id: string, fields: Partial<FaxView> = {}): FaxView {
  return {
    id,
    direction: 'SEND',
    status: 'QUEUED',
    remoteNumber: '+12125550123',
    remoteDisplay: '(212) 555-0123',
    contactName: null,
    localNumber: null,
    pageCount: 3,
    pagesSent: 0,
    fileName: 'letter.pdf',
    hasCoverPage: false,
    anonymous: false,
    attempt: 1,
    maxAttempts: 4,
    nextAttemptAt: null,
    failureReason: null,
    creditsCharged: 3,
    creditsRefunded: 0,
    start: 1000,
    updated: 1000,
    completed: null,
    read: true,
    trashedAt: null,
    sendAt: null,
    broadcastId: null,
    partial: false,
    uncoveredPages: 0,
    ...fields,
  };
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
