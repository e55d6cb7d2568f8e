import { Hono } from 'hono';
import type { OptionsView } from '../../src/common/plans';
import { getDb } from '../db/client';
import { readPlanOptions } from '../db/queries/options';
import { toOptionsView } from '../../src/common/plan-catalogue';
import type { AppEnv } from '../http/app-env';
import { hasUserHadTrial } from '../subscriptions/checkout';

// Public pricing (spec §3 Options): the /upgrade page reads it signed in or out, so no session.
// Signed in, a user who has had their trial is not offered another one they would not get.
export const optionsApi = new Hono<AppEnv>().get('/options', async (c) => {
  const db = getDb(c.env);
  const user = c.get('user');
  const view: OptionsView = toOptionsView(await readPlanOptions(db), user ? await hasUserHadTrial(db, user) : false);
  return c.json(view, 200);
});
