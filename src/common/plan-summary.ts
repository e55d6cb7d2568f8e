import type { SubscriptionType } from './billing';
import type { PlanLevel } from './plans';

// What the dashboard says about a user's plan: which plan, and the pages left to send
// and to receive. Every user sees it, FREE included. Isomorphic: the Worker builds it for the page
// it renders, the page builds it again from the account after a change.

export interface PlanSummary {
  type: SubscriptionType;
  /** The paying plan's level; null while FREE. */
  level: PlanLevel | null;
  /** Pages left to send: the plan's credits and bought ones together (a send takes from both). */
  sendCredits: number;
  /** Pages left to receive, counted the same way. */
  receiveCredits: number;
}

/** The parts of an account (GET /api/account) a plan summary is made of. */
export interface PlanHolder {
  subscriptionType: SubscriptionType | null;
  planLevel: PlanLevel | null;
  faxCredits: { defaultCreditsSend: number; paidCreditsSend: number; defaultCreditsReceive: number; paidCreditsReceive: number };
}

export function toPlanSummary(account: PlanHolder): PlanSummary {
  // An account whose new-user setup has not run yet has no type: it is FREE until then.
  const type = account.subscriptionType ?? 'FREE';
  const { defaultCreditsSend, paidCreditsSend, defaultCreditsReceive, paidCreditsReceive } = account.faxCredits;
  return {
    type,
    level: type === 'FREE' ? null : account.planLevel,
    sendCredits: defaultCreditsSend + paidCreditsSend,
    receiveCredits: defaultCreditsReceive + paidCreditsReceive,
  };
}
