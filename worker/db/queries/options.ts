import { eq, inArray } from 'drizzle-orm';
import type { ZodType } from 'zod';
import {
  allowanceSchema,
  allowancesOptionSchema,
  DEFAULT_PLAN_OPTIONS,
  PLAN_LEVELS,
  type PlanOptions,
  preAuthTypeSchema,
  priceOptionKey,
  priceOptionSchema,
  trialOptionSchema,
} from '../../../src/common/plans';
import type { Db } from '../client';
import { options } from '../schema';

/** An option's value parsed by `schema`; throws when it is missing or malformed (a deploy error). */
export async function readOption<T>(db: Db, key: string, schema: ZodType<T>): Promise<T> {
  const row = await db.query.options.findFirst({ where: eq(options.key, key) });
  if (!row) throw new Error(`Option ${key} is not set`);
  return schema.parse(JSON.parse(row.value));
}

/**
 * A stored value parsed by `schema`, or `fallback` when it is missing or malformed. Public pricing
 * must keep answering when an operator mistypes an option, so a bad value is a warning, never a 500.
 */
function parseOrDefault<T>(raw: Map<string, string>, key: string, schema: ZodType<T>, fallback: T): T {
  const text = raw.get(key);
  if (text === undefined) {
    console.warn(`Option ${key} is not set; using the built-in default`);
    return fallback;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    console.warn(`Option ${key} is not JSON; using the built-in default`);
    return fallback;
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  console.warn(`Option ${key} is malformed (${parsed.error.issues[0]?.message ?? 'invalid'}); using the built-in default`);
  return fallback;
}

const PLAN_OPTION_KEYS = [...PLAN_LEVELS.map(priceOptionKey), 'trial', 'preAuthType', 'plan.allowances', 'credits.free'];

/** The option rows the plan options are made of, as a query a batch can carry (planOptionsFrom reads them). */
export function planOptionRowsQuery(db: Db) {
  return db.select().from(options).where(inArray(options.key, PLAN_OPTION_KEYS));
}

/** Prices, trial, pre-authorisation, allowances and the free pages, in one query; each falls back on its own. */
export async function readPlanOptions(db: Db): Promise<PlanOptions> {
  return planOptionsFrom(await planOptionRowsQuery(db));
}

/** The plan options from their rows, each falling back on its own default. */
export function planOptionsFrom(rows: readonly { key: string; value: string }[]): PlanOptions {
  const raw = new Map(rows.map((row) => [row.key, row.value]));
  const defaults = DEFAULT_PLAN_OPTIONS;
  return {
    prices: {
      BASIC: parseOrDefault(raw, priceOptionKey('BASIC'), priceOptionSchema, defaults.prices.BASIC),
      PREMIUM: parseOrDefault(raw, priceOptionKey('PREMIUM'), priceOptionSchema, defaults.prices.PREMIUM),
      PRO: parseOrDefault(raw, priceOptionKey('PRO'), priceOptionSchema, defaults.prices.PRO),
    },
    trial: parseOrDefault(raw, 'trial', trialOptionSchema, defaults.trial),
    preAuthType: parseOrDefault(raw, 'preAuthType', preAuthTypeSchema, defaults.preAuthType),
    allowances: parseOrDefault(raw, 'plan.allowances', allowancesOptionSchema, defaults.allowances),
    free: parseOrDefault(raw, 'credits.free', allowanceSchema, defaults.free),
  };
}
