import { describe, expect, it } from 'vitest';
import {
  type AttemptProgress,
  type AttemptReport,
  applyAttemptReport,
  type FaxProgress,
  isTerminalStatus,
  settleFaxAttempt,
  startFaxAttempt,
} from '../../worker/domain/fax-status';

const QUEUED: AttemptProgress = { status: 'QUEUED', pagesSent: 0, failureReason: null };
const report = (
  status: AttemptReport['status'],
  pagesSent: number | null = null,
  failureReason: AttemptReport['failureReason'] = null,
): AttemptReport => ({
  status,
  pagesSent,
  failureReason,
});

describe('isTerminalStatus', () => {
  it.each([
    ['QUEUED', false],
    ['SENDING', false],
    ['DELIVERED', true],
    ['FAILED', true],
  ] as const)('%s → %s', (status, terminal) => {
    expect(isTerminalStatus(status)).toBe(terminal);
  });
});

describe('applyAttemptReport', () => {
  it.each<[string, AttemptProgress, AttemptReport, AttemptProgress]>([
    ['queued → sending', QUEUED, report('SENDING', 0), { status: 'SENDING', pagesSent: 0, failureReason: null }],
    [
      'a page goes through',
      { status: 'SENDING', pagesSent: 1, failureReason: null },
      report('SENDING', 2),
      { status: 'SENDING', pagesSent: 2, failureReason: null },
    ],
    [
      'a late, smaller page count changes nothing',
      { status: 'SENDING', pagesSent: 3, failureReason: null },
      report('SENDING', 1),
      { status: 'SENDING', pagesSent: 3, failureReason: null },
    ],
    [
      'a late queued event never moves it back',
      { status: 'SENDING', pagesSent: 2, failureReason: null },
      report('QUEUED'),
      { status: 'SENDING', pagesSent: 2, failureReason: null },
    ],
    [
      'delivered with a page count',
      { status: 'SENDING', pagesSent: 1, failureReason: null },
      report('DELIVERED', 4),
      { status: 'DELIVERED', pagesSent: 4, failureReason: null },
    ],
    [
      'delivered without a page count means every page',
      QUEUED,
      report('DELIVERED'),
      { status: 'DELIVERED', pagesSent: 4, failureReason: null },
    ],
    ['delivered before sending started', QUEUED, report('DELIVERED', 3), { status: 'DELIVERED', pagesSent: 3, failureReason: null }],
    ['a page count above the fax is capped', QUEUED, report('SENDING', 9), { status: 'SENDING', pagesSent: 4, failureReason: null }],
    [
      'failed keeps the pages that went through',
      { status: 'SENDING', pagesSent: 2, failureReason: null },
      report('FAILED', null, 'LINE_DROPPED'),
      { status: 'FAILED', pagesSent: 2, failureReason: 'LINE_DROPPED' },
    ],
    [
      'failed without a reason is a carrier error',
      QUEUED,
      report('FAILED'),
      { status: 'FAILED', pagesSent: 0, failureReason: 'CARRIER_ERROR' },
    ],
    [
      'a delivered attempt ignores a later failure',
      { status: 'DELIVERED', pagesSent: 4, failureReason: null },
      report('FAILED', null, 'BUSY'),
      { status: 'DELIVERED', pagesSent: 4, failureReason: null },
    ],
    [
      'a failed attempt ignores a later delivery',
      { status: 'FAILED', pagesSent: 0, failureReason: 'BUSY' },
      report('DELIVERED', 4),
      { status: 'FAILED', pagesSent: 0, failureReason: 'BUSY' },
    ],
    [
      'a finished attempt ignores late progress',
      { status: 'DELIVERED', pagesSent: 4, failureReason: null },
      report('SENDING', 1),
      { status: 'DELIVERED', pagesSent: 4, failureReason: null },
    ],
  ])('%s', (_label, current, event, expected) => {
    expect(applyAttemptReport(current, event, 4)).toEqual(expected);
  });

  const inOrder = [
    report('QUEUED'),
    report('SENDING', 0),
    report('SENDING', 1),
    report('SENDING', 2),
    report('SENDING', 3),
    report('DELIVERED', 3),
  ];

  function permutations<T>(items: T[]): T[][] {
    if (items.length <= 1) return [items];
    return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
  }

  it('every order of the same events, with duplicates, ends in the same state', () => {
    const expected = inOrder.reduce<AttemptProgress>((state, event) => applyAttemptReport(state, event, 3), QUEUED);
    expect(expected).toEqual({ status: 'DELIVERED', pagesSent: 3, failureReason: null });
    for (const order of permutations(inOrder)) {
      const doubled = order.flatMap((event) => [event, event]);
      expect(doubled.reduce<AttemptProgress>((state, event) => applyAttemptReport(state, event, 3), QUEUED)).toEqual(expected);
    }
  });
});

const FRESH: FaxProgress = { status: 'QUEUED', pagesSent: 0, attempt: 0, nextAttemptAt: null, failureReason: null, completed: null };
const NOW = 1_800_000_000_000;

describe('startFaxAttempt', () => {
  it.each<[string, FaxProgress, number, FaxProgress | null]>([
    ['the first attempt of a new fax', FRESH, 1, { ...FRESH, attempt: 1 }],
    [
      'a retry clears the pending time, keeps the last reason',
      { ...FRESH, status: 'SENDING', attempt: 1, nextAttemptAt: NOW, failureReason: 'BUSY' },
      2,
      { ...FRESH, status: 'SENDING', attempt: 2, nextAttemptAt: null, failureReason: 'BUSY' },
    ],
    ['an attempt already started', { ...FRESH, attempt: 1 }, 1, null],
    ['an attempt out of turn', FRESH, 2, null],
    ['a delivered fax', { ...FRESH, status: 'DELIVERED', attempt: 1 }, 2, null],
    ['a failed fax', { ...FRESH, status: 'FAILED', attempt: 1 }, 2, null],
  ])('%s', (_label, fax, attempt, expected) => {
    expect(startFaxAttempt(fax, attempt)).toEqual(expected);
  });
});

describe('settleFaxAttempt', () => {
  const first: FaxProgress = { ...FRESH, attempt: 1 };
  it.each<[string, FaxProgress, number, AttemptProgress, number | null, FaxProgress]>([
    ['a queued attempt leaves the fax queued', first, 1, QUEUED, null, first],
    [
      'sending moves the fax to SENDING with its pages',
      first,
      1,
      { status: 'SENDING', pagesSent: 2, failureReason: null },
      null,
      { ...first, status: 'SENDING', pagesSent: 2 },
    ],
    [
      'delivered completes it and clears the last failure',
      { ...first, attempt: 2, failureReason: 'BUSY' },
      2,
      { status: 'DELIVERED', pagesSent: 3, failureReason: null },
      null,
      { ...first, attempt: 2, status: 'DELIVERED', pagesSent: 3, completed: NOW },
    ],
    [
      'a failure with a retry keeps QUEUED, shows the reason and when',
      first,
      1,
      { status: 'FAILED', pagesSent: 0, failureReason: 'BUSY' },
      NOW + 5000,
      { ...first, failureReason: 'BUSY', nextAttemptAt: NOW + 5000 },
    ],
    [
      'a failure with a retry keeps SENDING if it got there',
      { ...first, status: 'SENDING', pagesSent: 1 },
      1,
      { status: 'FAILED', pagesSent: 1, failureReason: 'LINE_DROPPED' },
      NOW + 5000,
      { ...first, status: 'SENDING', pagesSent: 1, failureReason: 'LINE_DROPPED', nextAttemptAt: NOW + 5000 },
    ],
    [
      'a final failure',
      first,
      1,
      { status: 'FAILED', pagesSent: 0, failureReason: 'INVALID_NUMBER' },
      null,
      { ...first, status: 'FAILED', failureReason: 'INVALID_NUMBER', completed: NOW },
    ],
    [
      'pages sent never go down on a new attempt',
      { ...first, attempt: 2, status: 'SENDING', pagesSent: 2 },
      2,
      { status: 'SENDING', pagesSent: 1, failureReason: null },
      null,
      { ...first, attempt: 2, status: 'SENDING', pagesSent: 2 },
    ],
    [
      'an earlier attempt no longer moves the fax',
      { ...first, attempt: 2 },
      1,
      { status: 'DELIVERED', pagesSent: 3, failureReason: null },
      null,
      { ...first, attempt: 2 },
    ],
    [
      'a finished fax stays finished',
      { ...first, status: 'DELIVERED', completed: NOW - 1 },
      1,
      { status: 'FAILED', pagesSent: 0, failureReason: 'BUSY' },
      null,
      { ...first, status: 'DELIVERED', completed: NOW - 1 },
    ],
  ])('%s', (_label, fax, attemptNumber, attempt, retryAt, expected) => {
    expect(settleFaxAttempt(fax, attemptNumber, attempt, retryAt, NOW)).toEqual(expected);
  });
});
