import { describe, expect, it } from 'vitest';
import { changesAccount, type LiveEvent, readLiveEvent } from '../../src/common/live-messages';

// The browser reads live frames without zod (docs/decisions/032): it keeps every event this build
// knows, whole, and drops what an older or newer server could send that it does not.

const totals = { counts: { unreadReceived: 1, received: 2, sent: 3, scheduled: 0 }, lifetimeSendCount: 3, lifetimeReceiveCount: 2 };
const known: LiveEvent[] = [
  { type: 'session.started', at: 1, method: 'password', device: 'Firefox on Windows', yours: false },
  { type: 'session.started', at: 1, method: 'google', device: null, yours: true },
  { type: 'account.updated', at: 2 },
  { type: 'job.updated', at: 3, jobId: 'j', state: 'running', progress: 40, step: 'faxes', error: null },
  { type: 'fax.updated', at: 4, fax: { id: 'f' } as never, totals, creditsChanged: true },
  { type: 'faxes.deleted', at: 5, faxIds: ['a', 'b'], totals, trashTotal: 0 },
  { type: 'number.updated', at: 6, number: { number: '+13125550100', display: '(312) 555-0100' } },
  { type: 'number.updated', at: 6, number: null },
  { type: 'subscription.updated', at: 7 },
  { type: 'contacts.updated', at: 8 },
];

describe('readLiveEvent', () => {
  it.each(known)('keeps a $type event as it came', (event) => {
    expect(readLiveEvent(JSON.parse(JSON.stringify(event)))).toEqual(event);
  });

  it.each([
    ['not an object', 'fax.updated'],
    ['null', null],
    ['an event type this build does not know', { type: 'plan.renamed', at: 1 }],
    ['a name from the object prototype as its type', { type: 'toString', at: 1 }],
    ['no time', { type: 'account.updated' }],
    ['a time that is no number', { type: 'account.updated', at: '1' }],
    ['a field missing', { type: 'faxes.deleted', at: 1, faxIds: [], totals }],
    ['a field of another kind', { type: 'faxes.deleted', at: 1, faxIds: 'a', totals, trashTotal: 0 }],
    ['null where a value must be', { type: 'fax.updated', at: 1, fax: null, totals, creditsChanged: false }],
    ['an array where an object must be', { type: 'fax.updated', at: 1, fax: [], totals, creditsChanged: false }],
  ])('drops %s', (_what, frame) => {
    expect(readLiveEvent(frame)).toBeNull();
  });
});

describe('changesAccount', () => {
  it('is true for account.updated and for a fax change that moved credits, and only those', () => {
    const fax = { id: 'f' } as never;
    expect(changesAccount({ type: 'account.updated', at: 1 })).toBe(true);
    expect(changesAccount({ type: 'fax.updated', at: 1, fax, totals, creditsChanged: true })).toBe(true);
    expect(changesAccount({ type: 'fax.updated', at: 1, fax, totals, creditsChanged: false })).toBe(false);
    expect(changesAccount({ type: 'subscription.updated', at: 1 })).toBe(false);
  });
});
