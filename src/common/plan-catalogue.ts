import {
  CURRENCY,
  type OptionsView,
  PLAN_LEVELS,
  PLAN_TERMS,
  type PlanLevel,
  type PlanOptions,
  type PlanTerm,
  type PlanView,
  type PriceOption,
  type TrialOption,
} from './plans';

// The plan catalogue (levels × terms) from the product options: no I/O, isomorphic (GET /api/options
// and the prerendered landing pages build it alike), table-tested in
// tests/unit/plans.test.ts.

/** Whether the trial is switched off for this level and term (a boolean switches all plans). */
export function isTrialDisabled(disabled: TrialOption['disabled'], level: PlanLevel, term: PlanTerm): boolean {
  if (typeof disabled === 'boolean') return disabled;
  return disabled[level]?.[term] ?? false;
}

/** The trial length a plan starts with, or null when it has none. */
export function trialDaysFor(trial: TrialOption, level: PlanLevel, term: PlanTerm): number | null {
  return isTrialDisabled(trial.disabled, level, term) ? null : trial.length_in_days;
}

/** A term's price spread over its months, to the nearest cent. */
export function monthlyEquivalentCents(price: PriceOption, term: PlanTerm): number {
  return term === 'MONTH' ? price.month : Math.round(price.year / 12);
}

/** Whole percent a year saves against twelve months, rounded down so it never overclaims; never negative. */
export function yearlySavingPercent(price: PriceOption): number {
  const twelveMonths = price.month * 12;
  if (twelveMonths === 0 || price.year >= twelveMonths) return 0;
  return Math.floor(((twelveMonths - price.year) * 100) / twelveMonths);
}

/**
 * What paying for a year saves against twelve monthly payments, or null when it saves nothing:
 * in money, and as whole months free when it is exactly that (a year at ten months' price is
 * "2 months free"; at 16.7% off it is not a whole number of months, and the money is said instead).
 */
export function yearlySaving(price: PriceOption): { cents: number; monthsFree: number | null } | null {
  const cents = price.month * 12 - price.year;
  if (cents <= 0 || price.month === 0) return null;
  return { cents, monthsFree: cents % price.month === 0 ? cents / price.month : null };
}

function toPlanView(options: PlanOptions, level: PlanLevel, term: PlanTerm): PlanView {
  const price = options.prices[level];
  return {
    level,
    term,
    priceCents: term === 'MONTH' ? price.month : price.year,
    currency: CURRENCY,
    monthlyEquivalentCents: monthlyEquivalentCents(price, term),
    savingPercent: term === 'YEAR' ? yearlySavingPercent(price) : 0,
    allowances: { ...options.allowances[level] },
    trialDays: trialDaysFor(options.trial, level, term),
  };
}

/** Every plan, level by level (BASIC, PREMIUM, PRO), MONTH before YEAR. */
export function buildPlanCatalogue(options: PlanOptions): PlanView[] {
  return PLAN_LEVELS.flatMap((level) => PLAN_TERMS.map((term) => toPlanView(options, level, term)));
}

/** The public pricing; for a caller who has had their trial, no plan offers one. */
export function toOptionsView(options: PlanOptions, trialUsed = false): OptionsView {
  const plans = buildPlanCatalogue(options);
  return {
    plans: trialUsed ? plans.map((plan) => ({ ...plan, trialDays: null })) : plans,
    trial: { lengthInDays: options.trial.length_in_days, disabled: options.trial.disabled },
    preAuthType: options.preAuthType,
    trialUsed,
    free: { ...options.free },
  };
}
