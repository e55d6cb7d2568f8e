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

/** The stored JSON text of each key that is set. */
async function readRawOptions(db: Db, keys: string[]): Promise<Map<string, string>> {
  const rows = await db.select().from(options).where(inArray(options.key, keys));
  return new Map(rows.map((row) => [row.key, row.value]));
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

/** Prices, trial, pre-authorisation, allowances and the free pages, in one query; each falls back on its own. */
export async function readPlanOptions(db: Db): Promise<PlanOptions> {
  const priceKeys = PLAN_LEVELS.map(priceOptionKey);
  const raw = await readRawOptions(db, [...priceKeys, 'trial', 'preAuthType', 'plan.allowances', 'credits.free']);
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
