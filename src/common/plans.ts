import { z } from 'zod';
import { type CURRENCY, PLAN_LEVELS, PLAN_TERMS, type PlanLevel, type PlanTerm } from './plan-rules';

// Plans and the product options behind them (spec §3 Options, docs/decisions/015). Isomorphic: the Worker
// parses stored option values with these schemas, the /upgrade page reads the same types.
// Money is integer US cents throughout; only the page turns cents into "$9.99".

export { CURRENCY, formatCents, PLAN_LEVELS, PLAN_TERMS, type PlanLevel, type PlanTerm, planChoicePath } from './plan-rules';

const cents = z.number().int().min(0).max(100_000_000);
const pages = z.number().int().min(0).max(1_000_000);

/** `price.basic`, `price.premium`, `price.pro`: what one month and one year cost, in cents. */
export const priceOptionSchema = z.object({ month: cents, year: cents });
export type PriceOption = z.infer<typeof priceOptionSchema>;

const termSwitchSchema = z.object({ MONTH: z.boolean().optional(), YEAR: z.boolean().optional() }).strict();

/**
 * `trial`: its length, and whether it is off — for every plan (a boolean) or per level and term
 * (a level or term left out keeps its trial).
 */
export const trialOptionSchema = z.object({
  length_in_days: z.number().int().min(1).max(365),
  disabled: z.union([
    z.boolean(),
    z.object({ BASIC: termSwitchSchema.optional(), PREMIUM: termSwitchSchema.optional(), PRO: termSwitchSchema.optional() }).strict(),
  ]),
});
export type TrialOption = z.infer<typeof trialOptionSchema>;

/**
 * `preAuthType`: what happens to the card when a trial starts (docs/decisions/015).
 * - `none`: nothing; the first charge comes when the trial ends.
 * - `verify`: a zero-amount card check, nothing is held.
 * - `authorize`: the chosen plan's first charge is authorised (held) and released again.
 */
const PRE_AUTH_TYPES = ['none', 'verify', 'authorize'] as const;
export const preAuthTypeSchema = z.enum(PRE_AUTH_TYPES);
type PreAuthType = z.infer<typeof preAuthTypeSchema>;

export const allowanceSchema = z.object({ send: pages, receive: pages });
export type Allowance = z.infer<typeof allowanceSchema>;

/** `plan.allowances`: pages each level may send and receive per month, whatever the term. */
export const allowancesOptionSchema = z.object({ BASIC: allowanceSchema, PREMIUM: allowanceSchema, PRO: allowanceSchema });
type AllowancesOption = z.infer<typeof allowancesOptionSchema>;

/** Every option the plan catalogue is built from, parsed. */
export interface PlanOptions {
  prices: Record<PlanLevel, PriceOption>;
  trial: TrialOption;
  preAuthType: PreAuthType;
  allowances: AllowancesOption;
  /** `credits.free`: pages a new account gets once, free, with no plan (migration 0002). */
  free: Allowance;
}

/** The option key of a level's price. */
export function priceOptionKey(level: PlanLevel): `price.${Lowercase<PlanLevel>}` {
  return `price.${level.toLowerCase() as Lowercase<PlanLevel>}`;
}

/**
 * What the code uses when an option is missing or malformed. Migration 0006 seeds the same
 * values, so a fresh database and a broken one price plans alike.
 */
export const DEFAULT_PLAN_OPTIONS: PlanOptions = {
  prices: {
    BASIC: { month: 999, year: 9990 },
    PREMIUM: { month: 1999, year: 19990 },
    PRO: { month: 3999, year: 39990 },
  },
  trial: { length_in_days: 7, disabled: false },
  preAuthType: 'authorize',
  allowances: {
    BASIC: { send: 150, receive: 150 },
    PREMIUM: { send: 400, receive: 400 },
    PRO: { send: 1000, receive: 1000 },
  },
  free: { send: 10, receive: 10 },
};

/** One plan as GET /api/options answers it. */
export interface PlanView {
  level: PlanLevel;
  term: PlanTerm;
  /** What one term costs. */
  priceCents: number;
  currency: typeof CURRENCY;
  /** The price spread over the term's months (the price itself for MONTH). */
  monthlyEquivalentCents: number;
  /** Whole percent saved against paying monthly for a year; 0 for MONTH. */
  savingPercent: number;
  /** Pages per month, for either term. */
  allowances: Allowance;
  /** Length of the free trial, or null when this plan has none. */
  trialDays: number | null;
}

/** GET /api/options. */
export interface OptionsView {
  plans: PlanView[];
  trial: { lengthInDays: number; disabled: TrialOption['disabled'] };
  preAuthType: PreAuthType;
  /** The signed-in caller has had their one trial: every plan's trialDays is null for them. */
  trialUsed: boolean;
  /** Pages a new account gets free, once, without a plan or a card. */
  free: Allowance;
}

/** The query of a plan choice (/transaction?plan=PREMIUM&term=YEAR). */
export const planChoiceSchema = z.object({ plan: z.enum(PLAN_LEVELS), term: z.enum(PLAN_TERMS) });
