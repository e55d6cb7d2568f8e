import { toOptionsView } from '../../src/common/plan-catalogue';
import type { OptionsView } from '../../src/common/plans';
import type { Db } from '../db/client';
import { readPlanOptions } from '../db/queries/options';
import type { UserRow } from '../db/schema';
import { hasUserHadTrial } from './checkout';

/**
 * The plans and prices as /upgrade and /transaction show them (GET /api/options and those pages):
 * a signed-in user who has had their trial is not offered another one they would not get.
 */
export async function readPlanChoices(db: Db, user: UserRow | null): Promise<OptionsView> {
  const [options, hadTrial] = await Promise.all([readPlanOptions(db), user ? hasUserHadTrial(db, user) : false]);
  return toOptionsView(options, hadTrial);
}
