import { describe, expect, it } from 'vitest';
import type { FaxTotals, FaxView, ReceiveStatus, SendStatus } from '../../src/common/faxes';
import { addsTimelineEntry, follow, withReceivedFax, withSentFax } from '../../src/stores/fax-status-rules';

// The dashboard's send and receive documents follow pushed fax rows with no read of the server:
// the same fax as the server would name, out-of-order pushes ignored.

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

const totals = (lifetimeSendCount: number, lifetimeReceiveCount = 0): FaxTotals => ({
  counts: { unreadReceived: 0, received: lifetimeReceiveCount, sent: lifetimeSendCount, scheduled: 0 },
  lifetimeSendCount,
  lifetimeReceiveCount,
});

const noneSent: SendStatus = { sendingFax: null, lastSentEntry: null, lifetimeSendCount: 0 };

describe('withSentFax', () => {
  it('a new fax becomes the one sending and the last sent, and the lifetime count comes from the push', () => {
    const a = fax('a');
    const { doc } = withSentFax(follow(noneSent), a, totals(1));
    expect(doc).toEqual({ sendingFax: a, lastSentEntry: a, lifetimeSendCount: 1 });
  });

  it('page progress replaces the fax in place; delivery leaves nothing sending and keeps it as the last sent', () => {
    let state = withSentFax(follow(noneSent), fax('a'), totals(1));
    const page2 = fax('a', { status: 'SENDING', pagesSent: 2, updated: 1200 });
    state = withSentFax(state, page2, totals(1));
    expect(state.doc.sendingFax).toEqual(page2);
    const delivered = fax('a', { status: 'DELIVERED', pagesSent: 3, updated: 1400, completed: 1400 });
    state = withSentFax(state, delivered, totals(1));
    expect(state.doc).toEqual({ sendingFax: null, lastSentEntry: delivered, lifetimeSendCount: 1 });
  });

  it('an older push of a fax than one already applied changes nothing', () => {
    const state = withSentFax(follow(noneSent), fax('a', { status: 'DELIVERED', updated: 1400, completed: 1400 }), totals(1));
    expect(withSentFax(state, fax('a', { status: 'SENDING', updated: 1200 }), totals(1))).toBe(state);
  });

  it('when the newest fax ends, the older one still on its way is the one sending', () => {
    let state = withSentFax(follow(noneSent), fax('older', { start: 1000 }), totals(1));
    state = withSentFax(state, fax('newer', { start: 2000, updated: 2000 }), totals(2));
    expect(state.doc.sendingFax?.id).toBe('newer');
    state = withSentFax(state, fax('newer', { start: 2000, status: 'FAILED', updated: 2100 }), totals(2));
    expect(state.doc.sendingFax?.id).toBe('older');
    expect(state.doc.lastSentEntry?.id).toBe('newer');
  });

  it('the fax the page arrived with as sending stays so while another, older fax reports', () => {
    const sending = fax('rendered', { start: 5000, status: 'SENDING', updated: 5000 });
    const state = follow<SendStatus>({ sendingFax: sending, lastSentEntry: sending, lifetimeSendCount: 7 });
    const { doc } = withSentFax(state, fax('old', { start: 100, status: 'DELIVERED', updated: 5100 }), totals(7));
    expect(doc).toEqual({ sendingFax: sending, lastSentEntry: sending, lifetimeSendCount: 7 });
  });

  it('a received fax changes nothing', () => {
    const state = follow(noneSent);
    expect(withSentFax(state, fax('r', { direction: 'RECEIVE', status: 'RECEIVED' }), totals(0, 1))).toBe(state);
  });
});

const noneReceived: ReceiveStatus = { receivingFax: {}, lastReceivedEntry: null, lifetimeReceiveCount: 0 };
const inbound = (id: string, fields: Partial<FaxView> = {}) =>
  fax(id, { direction: 'RECEIVE', status: 'RECEIVING', read: false, remoteDisplay: '(613) 248-4850', ...fields });

describe('withReceivedFax', () => {
  it('a call being answered shows as receiving with the pages in so far', () => {
    const { doc } = withReceivedFax(follow(noneReceived), inbound('c', { pagesSent: 2 }), totals(0));
    expect(doc.receivingFax).toEqual({ c: { start: 1000, remoteDisplay: '(613) 248-4850', pagesReceived: 2 } });
  });

  it('an arrival leaves receiving and becomes the last received, with the lifetime count of the push', () => {
    let state = withReceivedFax(follow(noneReceived), inbound('c'), totals(0));
    const received = inbound('c', { status: 'RECEIVED', pagesSent: 2, updated: 1500, completed: 1500 });
    state = withReceivedFax(state, received, totals(0, 1));
    expect(state.doc).toEqual({ receivingFax: {}, lastReceivedEntry: received, lifetimeReceiveCount: 1 });
  });

  it('a failed call leaves receiving and is never the last received', () => {
    let state = withReceivedFax(follow(noneReceived), inbound('c'), totals(0));
    state = withReceivedFax(state, inbound('c', { status: 'FAILED', updated: 1500, completed: 1500 }), totals(0));
    expect(state.doc).toEqual(noneReceived);
  });

  it('a late "receiving" push after the arrival changes nothing', () => {
    const received = inbound('c', { status: 'RECEIVED', updated: 1500, completed: 1500 });
    const state = withReceivedFax(follow(noneReceived), received, totals(0, 1));
    expect(withReceivedFax(state, inbound('c', { updated: 1200 }), totals(0, 1))).toBe(state);
  });

  it('marking the last received read updates it in place; an older arrival does not replace it', () => {
    const last = inbound('new', { status: 'RECEIVED', updated: 3000, completed: 3000 });
    let state = follow<ReceiveStatus>({ receivingFax: {}, lastReceivedEntry: last, lifetimeReceiveCount: 4 });
    const read = { ...last, read: true, updated: 3100 };
    state = withReceivedFax(state, read, totals(0, 4));
    expect(state.doc.lastReceivedEntry).toEqual(read);
    state = withReceivedFax(state, inbound('old', { status: 'RECEIVED', updated: 3200, completed: 900, read: true }), totals(0, 4));
    expect(state.doc.lastReceivedEntry).toEqual(read);
  });
});

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
