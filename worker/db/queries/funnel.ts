import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { type FunnelStep, funnelStepBit } from '../../../src/common/funnel';
import type { FunnelTouch } from '../../domain/funnel';
import type { Db } from '../client';
import { funnelCounts, users } from '../schema';

// The funnel's counters (decision 040). Each count is one statement, so concurrent steps never
// lose one; an account's step is claimed first (its bit), so it counts once.

export interface FunnelCountRow {
  source: string;
  campaign: string;
  variation: string;
  step: FunnelStep;
  count: number;
}

/** Counts one step on `day` under an attribution (a visitor's browser reported it, or an account's first touch). */
export async function countFunnelStep(db: Db, day: string, step: FunnelStep, touch: FunnelTouch): Promise<void> {
  await db.run(sql`
    INSERT INTO funnel_counts (day, source, campaign, variation, step, count)
    VALUES (${day}, ${touch.source}, ${touch.campaign}, ${touch.variation}, ${step}, 1)
    ON CONFLICT (day, source, campaign, variation, step) DO UPDATE SET count = count + 1`);
}

/**
 * Claims an account's step: sets its bit unless it was set already, in one statement, and answers
 * the account's first-touch attribution (users.attribution, JSON or null) when this call set it;
 * undefined when the step was counted before (or there is no such account).
 */
export async function claimAccountStep(db: Db, userId: string, step: FunnelStep): Promise<{ attribution: string | null } | undefined> {
  const bit = funnelStepBit(step);
  const [claimed] = await db
    .update(users)
    .set({ funnelSteps: sql`${users.funnelSteps} | ${bit}` })
    .where(and(eq(users.id, userId), sql`(${users.funnelSteps} & ${bit}) = 0`))
    .returning({ attribution: users.attribution });
  return claimed;
}

/** Every count from `from` to `to` (YYYY-MM-DD, both included), summed over the days. */
export async function readFunnelCounts(db: Db, from: string, to: string): Promise<FunnelCountRow[]> {
  return db
    .select({
      source: funnelCounts.source,
      campaign: funnelCounts.campaign,
      variation: funnelCounts.variation,
      step: funnelCounts.step,
      count: sql<number>`sum(${funnelCounts.count})`,
    })
    .from(funnelCounts)
    .where(and(gte(funnelCounts.day, from), lte(funnelCounts.day, to)))
    .groupBy(funnelCounts.source, funnelCounts.campaign, funnelCounts.variation, funnelCounts.step);
}
