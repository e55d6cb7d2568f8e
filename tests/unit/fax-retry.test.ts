import { describe, expect, it } from 'vitest';
import { FAX_FAILURE_REASONS, type FaxFailureReason } from '../../src/common/faxes';
import { isRetryableReason, planRetry, retryDelaySecondsAfter } from '../../worker/domain/fax-retry';

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
