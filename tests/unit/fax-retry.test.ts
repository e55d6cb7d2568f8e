import { describe, expect, it } from 'vitest';
import { FAX_FAILURE_REASONS, type FaxFailureReason } from '../../src/common/faxes';
import { isRetryableReason, planRetry, refundOnCompletion, retryDelaySecondsAfter, splitRefund } from '../../worker/domain/fax-retry';

const NOW = 1_800_000_000_000;

describe('isRetryableReason', () => {
  const retried: FaxFailureReason[] = ['BUSY', 'NO_ANSWER', 'LINE_DROPPED', 'CARRIER_ERROR'];
  it.each(FAX_FAILURE_REASONS.map((reason) => [reason, retried.includes(reason)] as const))('%s → %s', (reason, expected) => {
    expect(isRetryableReason(reason)).toBe(expected);
  });
});

describe('retryDelaySecondsAfter', () => {
  it.each([
    [1, 120],
    [2, 360],
    [3, 1080],
  ])('after attempt %i waits %i s with a base of 120 s', (attempt, seconds) => {
    expect(retryDelaySecondsAfter(attempt, 120)).toBe(seconds);
  });
});

describe('planRetry', () => {
  it.each<[string, FaxFailureReason, number, ReturnType<typeof planRetry>]>([
    ['busy on the first attempt', 'BUSY', 1, { attempt: 2, delaySeconds: 120, at: NOW + 120_000 }],
    ['no answer on the second', 'NO_ANSWER', 2, { attempt: 3, delaySeconds: 360, at: NOW + 360_000 }],
    ['busy on the third: the last retry', 'BUSY', 3, { attempt: 4, delaySeconds: 1080, at: NOW + 1_080_000 }],
    ['busy on the fourth: no more', 'BUSY', 4, null],
    ['an invalid number', 'INVALID_NUMBER', 1, null],
    ['not a fax machine', 'NOT_A_FAX_MACHINE', 1, null],
    ['refused by the receiver', 'REJECTED', 1, null],
    ['a destination the carrier will not call', 'DESTINATION_NOT_ALLOWED', 1, null],
    ['an unreadable document', 'DOCUMENT_UNREADABLE', 1, null],
  ])('%s', (_label, reason, attempt, expected) => {
    expect(planRetry(reason, attempt, 120, NOW)).toEqual(expected);
  });

  it('retries at once when the base is zero (tests)', () => {
    expect(planRetry('BUSY', 1, 0, NOW)).toEqual({ attempt: 2, delaySeconds: 0, at: NOW });
  });
});

describe('refundOnCompletion', () => {
  const charge = { chargedDefault: 2, chargedPaid: 3, refunded: 0 };
  it.each<[string, 'DELIVERED' | 'FAILED', number, number, typeof charge, number]>([
    ['every page delivered', 'DELIVERED', 5, 5, charge, 0],
    ['two pages not delivered', 'DELIVERED', 5, 3, charge, 2],
    ['a final failure refunds everything', 'FAILED', 5, 2, charge, 5],
    ['never more than what is left', 'FAILED', 5, 0, { ...charge, refunded: 4 }, 1],
    ['nothing left to refund', 'DELIVERED', 5, 0, { ...charge, refunded: 5 }, 0],
    ['a fax charged nothing', 'FAILED', 5, 0, { chargedDefault: 0, chargedPaid: 0, refunded: 0 }, 0],
  ])('%s', (_label, outcome, pageCount, delivered, given, expected) => {
    expect(refundOnCompletion(outcome, pageCount, delivered, given)).toBe(expected);
  });
});

describe('splitRefund', () => {
  it.each<[string, number, { chargedDefault: number; chargedPaid: number; refunded: number }, { toPaid: number; toDefault: number }]>([
    ['a full refund restores both buckets', 5, { chargedDefault: 2, chargedPaid: 3, refunded: 0 }, { toPaid: 3, toDefault: 2 }],
    ['a partial refund goes to paid credits first', 2, { chargedDefault: 2, chargedPaid: 3, refunded: 0 }, { toPaid: 2, toDefault: 0 }],
    ['only default credits were charged', 2, { chargedDefault: 4, chargedPaid: 0, refunded: 0 }, { toPaid: 0, toDefault: 2 }],
    ['paid credits already given back', 2, { chargedDefault: 2, chargedPaid: 3, refunded: 3 }, { toPaid: 0, toDefault: 2 }],
  ])('%s', (_label, pages, charge, expected) => {
    expect(splitRefund(pages, charge)).toEqual(expected);
  });
});
