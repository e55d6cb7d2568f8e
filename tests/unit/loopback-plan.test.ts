import { describe, expect, it } from 'vitest';
import { type LoopbackStep, loopbackInboundFaxId, planLoopbackCall } from '../../worker/carrier/loopback-plan';

// The simulated network's script, written as [afterMs, side, type, pages, failure, mediaPages].
type Row = [number, LoopbackStep['side'], LoopbackStep['type'], number | null, string | null, number | null];
const rows = (steps: LoopbackStep[]): Row[] => steps.map((s) => [s.afterMs, s.side, s.type, s.pagesSent, s.failureReason, s.mediaPages]);

const ORDINARY = '+12125550150';
const MS = 100;

const ACCEPTED: Row[] = [
  [0, 'sender', 'fax.queued', null, null, null],
  [0, 'sender', 'fax.media.processed', null, null, null],
];

describe('planLoopbackCall', () => {
  it.each<[string, { to: string; attempt?: number; pageCount?: number; inbound?: boolean }, Row[]]>([
    [
      'an ordinary number: delivered page by page',
      { to: ORDINARY },
      [
        ...ACCEPTED,
        [0, 'sender', 'fax.sending.started', 0, null, null],
        [100, 'sender', 'fax.page.sent', 1, null, null],
        [200, 'sender', 'fax.page.sent', 2, null, null],
        [200, 'sender', 'fax.delivered', 2, null, null],
      ],
    ],
    [
      'a number of this instance: the receiver hears it start, then gets the fax before the sender is told',
      { to: ORDINARY, inbound: true },
      [
        ...ACCEPTED,
        [0, 'sender', 'fax.sending.started', 0, null, null],
        [0, 'receiver', 'fax.receiving.started', null, null, null],
        [100, 'sender', 'fax.page.sent', 1, null, null],
        [200, 'sender', 'fax.page.sent', 2, null, null],
        [200, 'receiver', 'fax.media.processing.started', 2, null, null],
        [200, 'receiver', 'fax.received', 2, null, 2],
        [200, 'sender', 'fax.delivered', 2, null, null],
      ],
    ],
    [
      'busy: never answered, so no receiver events',
      { to: '+12125550001', inbound: true },
      [...ACCEPTED, [100, 'sender', 'fax.failed', 0, 'BUSY', null]],
    ],
    ['no answer', { to: '+12125550002', inbound: true }, [...ACCEPTED, [100, 'sender', 'fax.failed', 0, 'NO_ANSWER', null]]],
    [
      'not a fax machine',
      { to: '+12125550003' },
      [...ACCEPTED, [100, 'sender', 'fax.sending.started', 0, null, null], [200, 'sender', 'fax.failed', 0, 'NOT_A_FAX_MACHINE', null]],
    ],
    ['invalid', { to: '+12125550004' }, [...ACCEPTED, [0, 'sender', 'fax.failed', 0, 'INVALID_NUMBER', null]]],
    ['busy once: first attempt busy', { to: '+12125550005', attempt: 1 }, [...ACCEPTED, [100, 'sender', 'fax.failed', 0, 'BUSY', null]]],
    [
      'busy once: the retry goes through',
      { to: '+12125550005', attempt: 2, pageCount: 1 },
      [
        ...ACCEPTED,
        [0, 'sender', 'fax.sending.started', 0, null, null],
        [100, 'sender', 'fax.page.sent', 1, null, null],
        [100, 'sender', 'fax.delivered', 1, null, null],
      ],
    ],
    [
      'drops after page 1',
      { to: '+12125550006' },
      [
        ...ACCEPTED,
        [0, 'sender', 'fax.sending.started', 0, null, null],
        [100, 'sender', 'fax.page.sent', 1, null, null],
        [200, 'sender', 'fax.failed', 1, 'LINE_DROPPED', null],
      ],
    ],
    [
      'drops after page 1 to a number of this instance: the receiver keeps the page as a partial fax',
      { to: '+12125550006', inbound: true },
      [
        ...ACCEPTED,
        [0, 'sender', 'fax.sending.started', 0, null, null],
        [0, 'receiver', 'fax.receiving.started', null, null, null],
        [100, 'sender', 'fax.page.sent', 1, null, null],
        [200, 'receiver', 'fax.failed', 1, 'LINE_DROPPED', 1],
        [200, 'sender', 'fax.failed', 1, 'LINE_DROPPED', null],
      ],
    ],
    [
      '555-0013 (the sandbox\'s "drops after page N"): pages 1 to 3 go through, then the line drops',
      { to: '+12125550013', pageCount: 5 },
      [
        ...ACCEPTED,
        [0, 'sender', 'fax.sending.started', 0, null, null],
        [100, 'sender', 'fax.page.sent', 1, null, null],
        [200, 'sender', 'fax.page.sent', 2, null, null],
        [300, 'sender', 'fax.page.sent', 3, null, null],
        [400, 'sender', 'fax.failed', 3, 'LINE_DROPPED', null],
      ],
    ],
    [
      '555-0019 with a 2-page fax: both pages through, and the call still breaks before the end',
      { to: '+12125550019' },
      [
        ...ACCEPTED,
        [0, 'sender', 'fax.sending.started', 0, null, null],
        [100, 'sender', 'fax.page.sent', 1, null, null],
        [200, 'sender', 'fax.page.sent', 2, null, null],
        [300, 'sender', 'fax.failed', 2, 'LINE_DROPPED', null],
      ],
    ],
    [
      '555-0010 is no test line: delivered',
      { to: '+12125550010', pageCount: 1 },
      [
        ...ACCEPTED,
        [0, 'sender', 'fax.sending.started', 0, null, null],
        [100, 'sender', 'fax.page.sent', 1, null, null],
        [100, 'sender', 'fax.delivered', 1, null, null],
      ],
    ],
  ])('%s', (_label, call, expected) => {
    const steps = planLoopbackCall({ attempt: 1, pageCount: 2, inbound: false, ...call }, MS);
    expect(rows(steps)).toEqual(expected);
    // The line plays steps in order, so their times never go back.
    expect(steps.every((s, i) => i === 0 || s.afterMs >= steps[i - 1]!.afterMs)).toBe(true);
  });
});

describe('loopbackInboundFaxId', () => {
  it('names the receiving leg after the sending attempt', () => {
    expect(loopbackInboundFaxId('loopback-abc')).toBe('loopback-abc-in');
  });
});
