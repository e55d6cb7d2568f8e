import { Hono } from 'hono';
import type { OptionsView } from '../../src/common/plans';
import { getDb } from '../db/client';
import type { AppEnv } from '../http/app-env';
import { readPlanChoices } from '../subscriptions/plan-options';

// Public pricing (spec §3 Options): the /upgrade page reads it signed in or out, so no session.
export const optionsApi = new Hono<AppEnv>().get('/options', async (c) => {
  const view: OptionsView = await readPlanChoices(getDb(c.env), c.get('user'));
  return c.json(view, 200);
});
