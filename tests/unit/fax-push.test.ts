import { describe, expect, it } from 'vitest';
import type { FaxView } from '../../src/common/faxes';
import { showsChange } from '../../worker/domain/fax-push';
import { faxView } from '../support/fax-view';

const queued = faxView({ attempt: 0, updated: 1000 });

describe('showsChange: a push only for what the page shows', () => {
  const cases: [string, Partial<FaxView>, boolean][] = [
    ['the same fax again', {}, false],
    ['only its updated time (a carrier id learnt, an event repeated)', { updated: 2000 }, false],
    ['an attempt started: its number and caller id', { attempt: 1, localNumber: '+15550100', updated: 2000 }, false],
    ['sending', { status: 'SENDING', attempt: 1, updated: 2000 }, true],
    ['a page more sent', { pagesSent: 1, updated: 2000 }, true],
    ['a retry scheduled', { nextAttemptAt: 5000, failureReason: 'BUSY', updated: 2000 }, true],
    ['a retry started (no next attempt any more)', { attempt: 2, updated: 2000 }, false],
    ['a refund', { creditsRefunded: 1 }, true],
    ['read', { read: false }, true],
    ['moved to the trash', { trashedAt: 3000 }, true],
  ];
  it.each(cases)('%s → %s', (_name, fields, expected) => {
    expect(showsChange(queued, { ...queued, ...fields })).toBe(expected);
  });

  it('a retry that starts is shown: its next attempt time goes away', () => {
    const waiting = faxView({ attempt: 1, nextAttemptAt: 5000, failureReason: 'BUSY' });
    expect(showsChange(waiting, { ...waiting, attempt: 2, nextAttemptAt: null, updated: 6000 })).toBe(true);
  });
});
