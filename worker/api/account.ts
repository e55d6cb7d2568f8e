import { type Context, Hono } from 'hono';
import { z } from 'zod';
import {
  displayNameQuerySchema,
  faxMailQuerySchema,
  personalPhoneQuerySchema,
  setupNewUserSchema,
  setupQuerySchema,
} from '../../src/common/account-schemas';
import type { LoginHistoryEntry } from '../../src/common/account-view';
import { toE164 } from '../../src/common/phone';
import { readLoginHistory } from '../auth/login-history';
import { currentViewer } from '../auth/viewer';
import { getDb } from '../db/client';
import { readOption } from '../db/queries/options';
import { completeSetup, type ProfileChange, updateProfile } from '../db/queries/users';
import { accountDetailsOf } from '../fax/account-credits';
import { recordAccountStep } from '../funnel/record';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { requireSameOrigin } from '../http/same-origin';
import { validate } from '../http/validate';
import { publishToUser } from '../live/publish';

const freeCreditsSchema = z.object({ send: z.number().int().min(0), receive: z.number().int().min(0) });

/** Saves a profile change and tells the user's other pages; answers the account. */
// No return type written: the inferred one carries the answer's shape to the typed client.
async function saveProfile(c: Context<AppEnv>, change: ProfileChange) {
  const { viewer, sessionId } = currentViewer(c);
  const user = await updateProfile(getDb(c.env), viewer.id, change);
  if (!user) throw new ApiError(401, 'UNAUTHENTICATED');
  await publishToUser(c.env, user.id, { type: 'account.updated', at: Date.now() }, { exceptSessionId: sessionId });
  return c.json({ account: await accountDetailsOf(c.env, user) }, 200);
}

// The spec's profile calls are GETs that change state (spec §7); each carries the same-origin rule.
export const accountApi = new Hono<AppEnv>()
  .get('/account', async (c) => {
    return c.json({ account: await accountDetailsOf(c.env, currentViewer(c).user) }, 200);
  })

  .post('/setupNewUser', validate('json', setupNewUserSchema), async (c) => {
    const { viewer } = currentViewer(c);
    const db = getDb(c.env);
    const { attribution } = c.req.valid('json');
    const result = await completeSetup(db, viewer.id, {
      now: Date.now(),
      attribution: attribution ? JSON.stringify(attribution) : null,
      freeCredits: await readOption(db, 'credits.free', freeCreditsSchema),
    });
    if (!result) throw new ApiError(401, 'UNAUTHENTICATED');
    // A new account's setup runs once, with the attribution its sign-up came with (decision 040).
    if (result.ranNow) await recordAccountStep(c.env, viewer.id, 'sign_up');
    return c.json({ account: await accountDetailsOf(c.env, result.user), setUpNow: result.ranNow }, 200);
  })

  .get('/updateUserSetup', requireSameOrigin, validate('query', setupQuerySchema), async (c) =>
    saveProfile(c, { setup: c.req.valid('query').setup }),
  )

  .get('/updateUserDisplayName', requireSameOrigin, validate('query', displayNameQuerySchema), async (c) =>
    saveProfile(c, { displayName: c.req.valid('query').name }),
  )

  .get('/updateUserPersonalPhoneNumber', requireSameOrigin, validate('query', personalPhoneQuerySchema), async (c) => {
    const typed = c.req.valid('query').number;
    if (typed === '') return saveProfile(c, { personalPhone: null });
    const e164 = toE164(typed);
    if (!e164) throw new ApiError(400, 'INVALID_PHONE');
    return saveProfile(c, { personalPhone: e164 });
  })

  .get('/updateFaxMail', requireSameOrigin, validate('query', faxMailQuerySchema), async (c) =>
    saveProfile(c, { mailOnFaxReceived: c.req.valid('query').faxReceived === 'on' }),
  )

  .get('/loginHistory', async (c) => {
    const history: LoginHistoryEntry[] = await readLoginHistory(getDb(c.env), currentViewer(c).viewer.id);
    return c.json({ history }, 200);
  });
