// The zod-free part of plans: what the pages carry. The schemas stay in ./plans.ts, which re-exports
// these, so the server reads one contract (docs/decisions/032).

export const PLAN_LEVELS = ['BASIC', 'PREMIUM', 'PRO'] as const;
export type PlanLevel = (typeof PLAN_LEVELS)[number];

export const PLAN_TERMS = ['MONTH', 'YEAR'] as const;
export type PlanTerm = (typeof PLAN_TERMS)[number];

export const CURRENCY = 'USD';

/** The page a plan's button leads to; the payment page is behind sign-in (src/common/routes.ts). */
export function planChoicePath(level: PlanLevel, term: PlanTerm): string {
  return `/transaction?plan=${level}&term=${term}`;
}

/** $9.99 from 999. */
export function formatCents(amountCents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: CURRENCY }).format(amountCents / 100);
}
