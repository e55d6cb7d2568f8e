import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_OPTIONS, type PlanOptions } from '../../src/common/plans';
import {
  addMonthsUtc,
  DAY_MS,
  dueAction,
  invoiceNumber,
  isTrialEligible,
  type LifecycleState,
  periodEnd,
  renewalGrant,
} from '../../worker/domain/subscriptions';

const utc = (y: number, m: number, d: number, h = 0) => Date.UTC(y, m - 1, d, h);
const withTrial = (disabled: PlanOptions['trial']['disabled']): PlanOptions => ({
  ...DEFAULT_PLAN_OPTIONS,
  trial: { length_in_days: 7, disabled },
});

describe('isTrialEligible', () => {
  it.each([
    [false, false, true],
    [false, true, false],
    [true, false, false],
    [{ BASIC: { MONTH: true } }, false, false],
    [{ BASIC: { YEAR: true } }, false, true],
    [{ PRO: { MONTH: true } }, false, true],
  ] as const)('disabled %j, had a trial %s → %s', (disabled, hadTrial, eligible) => {
    expect(isTrialEligible(withTrial(disabled), 'BASIC', 'MONTH', hadTrial)).toBe(eligible);
  });
});

describe('period arithmetic', () => {
  it.each([
    [utc(2026, 1, 15, 9), 'MONTH', utc(2026, 2, 15, 9)],
    [utc(2026, 1, 31), 'MONTH', utc(2026, 2, 28)],
    [utc(2028, 1, 31), 'MONTH', utc(2028, 2, 29)],
    [utc(2026, 12, 10), 'MONTH', utc(2027, 1, 10)],
    [utc(2026, 3, 1), 'YEAR', utc(2027, 3, 1)],
    [utc(2028, 2, 29), 'YEAR', utc(2029, 2, 28)],
  ] as const)('%i + %s = %i', (start, term, end) => expect(periodEnd(start, term)).toBe(end));

  it('adds months in UTC', () => expect(addMonthsUtc(utc(2026, 10, 31), 1)).toBe(utc(2026, 11, 30)));
});

describe('renewalGrant', () => {
  it.each([
    ['MONTH', 150],
    ['YEAR', 1800],
  ] as const)('BASIC %s grants %i pages each way', (term, pages) => {
    expect(renewalGrant(DEFAULT_PLAN_OPTIONS, 'BASIC', term)).toEqual({ send: pages, receive: pages });
  });
});

describe('dueAction', () => {
  const end = utc(2026, 6, 1);
  const base: LifecycleState = {
    type: 'PAID',
    cancelAtPeriodEnd: false,
    currentPeriodEnd: end,
    failedAttempts: 0,
    lastFailedAt: null,
    ownsNumber: true,
    reminded: false,
    renewsItself: false,
  };
  it.each<[string, Partial<LifecycleState>, number, string]>([
    ['nothing mid-period', {}, end - 10 * DAY_MS, 'none'],
    ['a reminder three days before', {}, end - 2 * DAY_MS, 'remind'],
    ['no second reminder', { reminded: true }, end - 2 * DAY_MS, 'none'],
    ['no reminder once cancelled', { cancelAtPeriodEnd: true }, end - 2 * DAY_MS, 'none'],
    ['a renewal at the period end', {}, end, 'renew'],
    ['a trial converts at its end', { type: 'TRIAL' }, end + 1, 'renew'],
    ['a cancelled plan ends', { cancelAtPeriodEnd: true }, end + 1, 'end'],
    ['no retry within a day of a failure', { failedAttempts: 1, lastFailedAt: end + 1 }, end + DAY_MS / 2, 'none'],
    ['a retry a day after a failure', { failedAttempts: 1, lastFailedAt: end + 1 }, end + DAY_MS + 2, 'renew'],
    ['FREE after the grace', { failedAttempts: 2, lastFailedAt: end + DAY_MS }, end + 3 * DAY_MS, 'end'],
    ['no renewal of ours when the processor renews by itself', { renewsItself: true }, end + 1, 'none'],
    ['nor a retry after a refusal it reported', { renewsItself: true, failedAttempts: 1, lastFailedAt: end + 1 }, end + DAY_MS + 2, 'none'],
    ['nor an unpaid end while it reported no refusal (its webhook may be late)', { renewsItself: true }, end + 9 * DAY_MS, 'none'],
    [
      'but the grace end is ours once it reported a refusal',
      { renewsItself: true, failedAttempts: 1, lastFailedAt: end + 1 },
      end + 3 * DAY_MS,
      'end',
    ],
    [
      'still a grace: no end before it is over',
      { renewsItself: true, failedAttempts: 2, lastFailedAt: end + DAY_MS },
      end + 3 * DAY_MS - 1,
      'none',
    ],
    ['a cancelled plan ends even so', { renewsItself: true, cancelAtPeriodEnd: true }, end + 1, 'end'],
    ['a reminder before a self-renewing plan renews, too', { renewsItself: true }, end - 2 * DAY_MS, 'remind'],
    ['a FREE user keeps the number during the grace', { type: 'FREE' }, end + DAY_MS, 'none'],
    ['a FREE user loses the number after it', { type: 'FREE' }, end + 3 * DAY_MS, 'release-number'],
    ['a FREE user without a number has nothing due', { type: 'FREE', ownsNumber: false }, end + 9 * DAY_MS, 'none'],
  ])('%s', (_name, change, now, kind) => expect(dueAction({ ...base, ...change }, now).kind).toBe(kind));

  it('ends a cancelled plan at its period end, an unpaid one at the end of the grace', () => {
    expect(dueAction({ ...base, cancelAtPeriodEnd: true }, end + 5 * DAY_MS)).toEqual({ kind: 'end', endedAt: end, reason: 'cancelled' });
    expect(dueAction(base, end + 5 * DAY_MS)).toEqual({ kind: 'end', endedAt: end + 3 * DAY_MS, reason: 'unpaid' });
    const refusedByProcessor = { ...base, renewsItself: true, failedAttempts: 1, lastFailedAt: end + 1 };
    expect(dueAction(refusedByProcessor, end + 5 * DAY_MS)).toEqual({ kind: 'end', endedAt: end + 3 * DAY_MS, reason: 'unpaid' });
  });
});

describe('invoiceNumber', () => {
  it('is the year and the start of the id', () => {
    expect(invoiceNumber(utc(2026, 11, 22), '3f2a9c1b-0000-4000-8000-000000000000')).toBe('FF-2026-3F2A9C1B');
  });
});
