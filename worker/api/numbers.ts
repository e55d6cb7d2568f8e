import { type Context, Hono } from 'hono';
import { isPaying } from '../../src/common/billing';
import { numberQuerySchema, numberSearchSchema, optionalNumberQuerySchema } from '../../src/common/numbers';
import { searchHoldableNumbers } from '../carrier/number-search';
import { getDb } from '../db/client';
import { findHoldOf, findNumberById, findNumberOwnedBy, holdNumber, listNumberAreas, releaseHoldsOf } from '../db/queries/numbers';
import { readConfig } from '../env';
import { recordAccountStep, recordVisitorStep } from '../funnel/record';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { clientIp, enforceRateLimit } from '../http/rate-limit';
import { assertSameOrigin, requireSameOrigin } from '../http/same-origin';
import { validate } from '../http/validate';
import { holderKeyOf } from '../numbers/holder';
import { takeNumberAsOwner } from '../numbers/own-number';
import { toHoldView, toNumberView } from '../views/numbers';

const SEARCH_LIMIT = 24;

/**
 * Places (or renews) the caller's hold on a number; a signed-out visitor gets a visitor cookie.
 * A user whose plan is already on has nothing to hold it for: the number is theirs at once.
 */
// No return type written: the inferred one carries the answer's shape to the typed client.
async function placeHold(
  c: Context<AppEnv>,
  { numberId, ...touch }: { numberId: string; source?: string; campaign?: string; variation?: string },
) {
  const db = getDb(c.env);
  const viewer = c.get('viewer');
  // Each new visitor cookie is a new holder, so signed-out holds are limited by address instead.
  if (!viewer) await enforceRateLimit(c, 'number-hold-ip', clientIp(c));
  if (viewer && (await findNumberOwnedBy(db, viewer.id))) throw new ApiError(409, 'ALREADY_HAS_NUMBER');
  if (!(await findNumberById(db, numberId))) throw new ApiError(404, 'NOT_FOUND');
  const user = c.get('user');
  if (user && isPaying(user.subscriptionType)) {
    const owned = await takeNumberAsOwner(c.env, user.id, numberId);
    if (!owned) throw new ApiError(409, 'NUMBER_TAKEN');
    await recordAccountStep(c.env, user.id, 'number_held');
    return c.json({ hold: null, owned: toNumberView(owned) }, 200);
  }
  const holderKey = (await holderKeyOf(c, true))!;
  const now = Date.now();
  // A visitor's change of mind is not a second hold: only a hold placed with none live counts.
  const first = !user && !(await findHoldOf(db, holderKey, now));
  const held = await holdNumber(db, numberId, holderKey, now, now + readConfig(c.env).NUMBER_HOLD_MINUTES * 60_000);
  if (!held) throw new ApiError(409, 'NUMBER_TAKEN');
  if (user) await recordAccountStep(c.env, user.id, 'number_held', now);
  else if (first) await recordVisitorStep(c.env, 'number_held', touch, now);
  return c.json({ hold: toHoldView(held) }, 200);
}

// Holds work signed in or out (spec §7 keeps them GETs; placing and releasing carry the same-origin rule).
export const numbersApi = new Hono<AppEnv>()
  .get('/numbers', validate('query', numberSearchSchema), async (c) => {
    const rows = await searchHoldableNumbers(c.env, c.req.valid('query'), SEARCH_LIMIT);
    return c.json({ numbers: rows.map(toNumberView) }, 200);
  })

  .get('/numberAreas', async (c) => c.json({ areas: await listNumberAreas(getDb(c.env), Date.now()) }, 200))

  .get('/getTempNumberReservation', validate('query', optionalNumberQuerySchema), async (c) => {
    const { numberId, ...touch } = c.req.valid('query');
    if (numberId) {
      // Only with a numberId does this call change anything.
      assertSameOrigin(c.req.raw);
      return placeHold(c, { numberId, ...touch });
    }
    const holderKey = await holderKeyOf(c, false);
    const hold = holderKey ? await findHoldOf(getDb(c.env), holderKey, Date.now()) : null;
    return c.json({ hold: hold ? toHoldView(hold) : null }, 200);
  })

  .get('/reserveTempNumber', requireSameOrigin, validate('query', numberQuerySchema), async (c) => placeHold(c, c.req.valid('query')))

  .get('/releaseTempNumberReservation', requireSameOrigin, async (c) => {
    const holderKey = await holderKeyOf(c, false);
    if (holderKey) await releaseHoldsOf(getDb(c.env), holderKey);
    return c.json({ released: true }, 200);
  });
