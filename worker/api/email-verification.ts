import { Hono } from 'hono';
import { verifyEmailSchema } from '../../src/common/email-verification';
import { confirmEmailWithLink, sendVerificationLink } from '../auth/email-verification';
import { currentViewer } from '../auth/viewer';
import { getDb } from '../db/client';
import { accountDetailsOf } from '../fax/account-credits';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { enforceRateLimit } from '../http/rate-limit';
import { validate } from '../http/validate';
import { publishToUser } from '../live/publish';

// The signed-in user confirms their e-mail address with the link mailed at sign-up, or asks for
// the link again (decision 008's addendum).
export const emailVerificationApi = new Hono<AppEnv>()
  .post('/verifyEmail', validate('json', verifyEmailSchema), async (c) => {
    const { user, sessionId } = currentViewer(c);
    const confirmed = await confirmEmailWithLink(getDb(c.env), user.id, c.req.valid('json').token, Date.now());
    if (!confirmed) throw new ApiError(400, 'INVALID_VERIFICATION_LINK');
    await publishToUser(c.env, user.id, { type: 'account.updated', at: Date.now() }, { exceptSessionId: sessionId });
    return c.json({ account: await accountDetailsOf(c.env, confirmed) }, 200);
  })

  .post('/resendVerification', async (c) => {
    const { user } = currentViewer(c);
    if (user.emailVerifiedAt !== null) return c.json({ sent: false, verified: true }, 200);
    await enforceRateLimit(c, 'verification-mail-account', user.id);
    await sendVerificationLink(c.env, getDb(c.env), user, c.req.url);
    return c.json({ sent: true, verified: false }, 202);
  });
