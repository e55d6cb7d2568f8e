import { describe, expect, it } from 'vitest';
import { type PlanHolder, toPlanSummary } from '../../src/common/plan-summary';

const credits = (send: number, paidSend: number, receive: number, paidReceive: number): PlanHolder['faxCredits'] => ({
  defaultCreditsSend: send,
  paidCreditsSend: paidSend,
  defaultCreditsReceive: receive,
  paidCreditsReceive: paidReceive,
});

describe('toPlanSummary', () => {
  it.each([
    [
      'a FREE user',
      { subscriptionType: 'FREE', planLevel: null, faxCredits: credits(10, 0, 10, 0) },
      { type: 'FREE', level: null, sendCredits: 10, receiveCredits: 10 },
    ],
    [
      'an account before setup ran (no type yet) is FREE',
      { subscriptionType: null, planLevel: null, faxCredits: credits(0, 0, 0, 0) },
      { type: 'FREE', level: null, sendCredits: 0, receiveCredits: 0 },
    ],
    [
      'a trial counts its plan and bought pages together',
      { subscriptionType: 'TRIAL', planLevel: 'BASIC', faxCredits: credits(400, 25, 400, 5) },
      { type: 'TRIAL', level: 'BASIC', sendCredits: 425, receiveCredits: 405 },
    ],
    [
      'a paid plan',
      { subscriptionType: 'PAID', planLevel: 'PRO', faxCredits: credits(0, 3, 1, 0) },
      { type: 'PAID', level: 'PRO', sendCredits: 3, receiveCredits: 1 },
    ],
    [
      'a FREE user keeps no level from an ended plan',
      { subscriptionType: 'FREE', planLevel: 'PREMIUM', faxCredits: credits(0, 7, 0, 0) },
      { type: 'FREE', level: null, sendCredits: 7, receiveCredits: 0 },
    ],
  ] as const)('%s', (_label, account, expected) => {
    expect(toPlanSummary(account as PlanHolder)).toEqual(expected);
  });
});
