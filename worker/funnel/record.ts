import type { FunnelStep } from '../../src/common/funnel';
import { getDb } from '../db/client';
import { claimAccountStep, countFunnelStep } from '../db/queries/funnel';
import { funnelDay, toFunnelTouch, touchOfRecord } from '../domain/funnel';

// Counting the funnel's steps where they happen (decision 040). A count that fails is logged and
// forgotten: measuring must never stop a sign-up, a hold, a payment or a fax.

/** A step of an account (sign-up, number held, plan chosen, plan started, first fax): once per account, under its first touch. */
export async function recordAccountStep(env: Env, userId: string, step: FunnelStep, now = Date.now()): Promise<void> {
  try {
    const db = getDb(env);
    const claimed = await claimAccountStep(db, userId, step);
    if (claimed) await countFunnelStep(db, funnelDay(now), step, touchOfRecord(claimed.attribution));
  } catch (error) {
    console.warn(`Funnel: the ${step} step of user ${userId} was not counted`, error);
  }
}

/** A step of someone not signed in, under the attribution their browser reported. */
export async function recordVisitorStep(
  env: Env,
  step: FunnelStep,
  reported: { source?: string; campaign?: string; variation?: string },
  now = Date.now(),
): Promise<void> {
  try {
    await countFunnelStep(getDb(env), funnelDay(now), step, toFunnelTouch(reported));
  } catch (error) {
    console.warn(`Funnel: a visitor's ${step} step was not counted`, error);
  }
}
