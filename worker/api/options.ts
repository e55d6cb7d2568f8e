import { Hono } from 'hono';
import type { OptionsView } from '../../src/common/plans';
import { getDb } from '../db/client';
import { readPlanOptions } from '../db/queries/options';
import { toOptionsView } from '../domain/plans';
import type { AppEnv } from '../http/app-env';

// Public pricing (spec §3 Options): the /upgrade page reads it signed in or out, so no session.
export const optionsApi = new Hono<AppEnv>().get('/options', async (c) => {
  const view: OptionsView = toOptionsView(await readPlanOptions(getDb(c.env)));
  return c.json(view, 200);
});
