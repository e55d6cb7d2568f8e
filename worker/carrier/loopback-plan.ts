import type { FaxFailureReason } from '../../src/common/faxes';

// The simulated fax network's script for one call: which events the loopback carrier sends, and
// when. Documented test numbers (README "Loopback test numbers"; any US area code, the line
// number decides) end in each kind of failure; everything else is delivered, one page at a time.
// A call to a number assigned on this instance also plays the receiving side, as a real network
// would report it to the number's owner: receiving.started → media.processing.started → received.

export const LOOPBACK_EVENT_TYPES = [
  'fax.queued',
  'fax.media.processed',
  'fax.sending.started',
  'fax.page.sent',
  'fax.delivered',
  'fax.failed',
  'fax.receiving.started',
  'fax.media.processing.started',
  'fax.received',
] as const;
export type LoopbackEventType = (typeof LOOPBACK_EVENT_TYPES)[number];

type LoopbackLine = 'busy' | 'no-answer' | 'not-a-fax' | 'invalid' | 'busy-once' | { dropsAfterPage: number };

const TEST_LINES: Record<string, LoopbackLine> = {
  '0001': 'busy',
  '0002': 'no-answer',
  '0003': 'not-a-fax',
  '0004': 'invalid',
  '0005': 'busy-once',
  '0006': { dropsAfterPage: 1 },
};

/**
 * The test line a number dials (+1 NXX 555-000n; 555-001N drops the line after page N, N = 1–9),
 * or null for an ordinary number. The sandbox of /v1 (decision 048) plays the same lines.
 */
function loopbackTestLine(to: string): LoopbackLine | null {
  const match = /^\+1\d{3}555(\d{4})$/.exec(to);
  if (!match) return null;
  const drops = /^001([1-9])$/.exec(match[1]!);
  if (drops) return { dropsAfterPage: Number(drops[1]) };
  return TEST_LINES[match[1]!] ?? null;
}

/** Why the network refuses a number outright at send, or null when it takes the call. */
export function loopbackRejection(to: string): FaxFailureReason | null {
  return loopbackTestLine(to) === 'invalid' ? 'INVALID_NUMBER' : null;
}

/** The carrier fax id of a call's receiving leg (its sending attempt's id plus `-in`). */
export function loopbackInboundFaxId(carrierFaxId: string): string {
  return `${carrierFaxId}-in`;
}

export interface LoopbackStep {
  /** Milliseconds after the call was placed. */
  afterMs: number;
  type: LoopbackEventType;
  /** Whose event it is: the sending attempt's, or the receiving number's (its own carrier fax id). */
  side: 'sender' | 'receiver';
  /** Pages through the line so far (sent, or received on the receiver side). */
  pagesSent: number | null;
  failureReason: FaxFailureReason | null;
  /** Receiver side: how many pages of the sent PDF the network hands over as media; null for none. */
  mediaPages: number | null;
}

interface LoopbackCallPlan {
  to: string;
  attempt: number;
  pageCount: number;
  /** The number belongs to a user of this instance: the fax is also handed to the inbound path. */
  inbound: boolean;
}

const step = (
  afterMs: number,
  type: LoopbackEventType,
  pagesSent: number | null = null,
  failureReason: FaxFailureReason | null = null,
): LoopbackStep => ({
  afterMs,
  type,
  side: 'sender',
  pagesSent,
  failureReason,
  mediaPages: null,
});

const received = (
  afterMs: number,
  type: LoopbackEventType,
  pages: number | null,
  failureReason: FaxFailureReason | null = null,
  mediaPages: number | null = null,
): LoopbackStep => ({
  afterMs,
  type,
  side: 'receiver',
  pagesSent: pages,
  failureReason,
  mediaPages,
});

/** Every event of the call in order. `msPerPage` also stands for ringing and handshake time. */
export function planLoopbackCall(call: LoopbackCallPlan, msPerPage: number): LoopbackStep[] {
  const accepted = [step(0, 'fax.queued'), step(0, 'fax.media.processed')];
  const line = loopbackTestLine(call.to);
  // Only an answered call reaches the receiving side.
  const answered = (afterMs: number): LoopbackStep[] => (call.inbound ? [received(afterMs, 'fax.receiving.started', null)] : []);
  const script = line === 'busy-once' ? (call.attempt === 1 ? 'busy' : null) : line;
  if (script !== null && typeof script === 'object') {
    // The receiver keeps the pages that arrived: a partial fax. A document of N pages or fewer is
    // all through, yet the call breaks before the receiver confirms it: failed all the same.
    const through = Math.min(script.dropsAfterPage, call.pageCount);
    const sent = Array.from({ length: through }, (_, i) => step((i + 1) * msPerPage, 'fax.page.sent', i + 1));
    const drop = (through + 1) * msPerPage;
    return [
      ...accepted,
      step(0, 'fax.sending.started', 0),
      ...answered(0),
      ...sent,
      ...(call.inbound ? [received(drop, 'fax.failed', through, 'LINE_DROPPED', through)] : []),
      step(drop, 'fax.failed', through, 'LINE_DROPPED'),
    ];
  }
  switch (script) {
    case 'busy':
      return [...accepted, step(msPerPage, 'fax.failed', 0, 'BUSY')];
    case 'no-answer':
      return [...accepted, step(msPerPage, 'fax.failed', 0, 'NO_ANSWER')];
    case 'not-a-fax':
      return [...accepted, step(msPerPage, 'fax.sending.started', 0), step(2 * msPerPage, 'fax.failed', 0, 'NOT_A_FAX_MACHINE')];
    case 'invalid':
      return [...accepted, step(0, 'fax.failed', 0, 'INVALID_NUMBER')];
  }
  const pages = Array.from({ length: call.pageCount }, (_, i) => step((i + 1) * msPerPage, 'fax.page.sent', i + 1));
  const end = call.pageCount * msPerPage;
  const receiving = call.inbound
    ? [received(end, 'fax.media.processing.started', call.pageCount), received(end, 'fax.received', call.pageCount, null, call.pageCount)]
    : [];
  return [
    ...accepted,
    step(0, 'fax.sending.started', 0),
    ...answered(0),
    ...pages,
    ...receiving,
    step(end, 'fax.delivered', call.pageCount),
  ];
}
