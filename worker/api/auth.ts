import { Hono } from 'hono';
import { checkEmailQuerySchema, signupSchema } from '../../src/common/auth-schemas';
import { loginSchema } from '../../src/common/google-schemas';
import type { SecondFactorRequired } from '../../src/common/second-factor-schemas';
import { sendVerificationLink } from '../auth/email-verification';
import { verifyGoogleIdToken } from '../auth/google';
import { findOrCreateGoogleAccount } from '../auth/google-sign-in';
import { hashPassword, spendPasswordCheckTime, verifyPassword } from '../auth/password';
import { refuseNewPassword } from '../auth/password-policy';
import { beginSignIn } from '../auth/second-factor';
import { clearSessionCookie } from '../auth/session-cookie';
import { endAllSessions, endSession, startSession } from '../auth/sign-in';
import { currentViewer } from '../auth/viewer';
import { getDb } from '../db/client';
import { countPasskeys } from '../db/queries/passkeys';
import { findUserByEmail, insertPasswordUser } from '../db/queries/users';
import { needsSetup, signInMethodsOf } from '../domain/account';
import { readConfig } from '../env';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { clientIp, countFailure, enforceRateLimit, refuseWhenFailuresReached } from '../http/rate-limit';
import { validate } from '../http/validate';
import { issueCustomToken } from '../live/custom-token';
import { toViewer } from '../views/account';

export const authApi = new Hono<AppEnv>()
  .post('/signup', validate('json', signupSchema), async (c) => {
    const { email, password, displayName } = c.req.valid('json');
    await enforceRateLimit(c, 'signup-ip', clientIp(c));
    await enforceRateLimit(c, 'signup-account', email);
    const refused = refuseNewPassword(password, email);
    if (refused) throw new ApiError(400, refused.code, refused.message);
    const passwordHash = await hashPassword(password, readConfig(c.env).PASSWORD_HASHING);
    const user = await insertPasswordUser(getDb(c.env), { email, passwordHash, displayName, now: Date.now() });
    if (!user) throw new ApiError(409, 'EMAIL_IN_USE');
    await startSession(c, user, 'password', { newAccount: true });
    try {
      await sendVerificationLink(c.env, getDb(c.env), user, c.req.url);
    } catch (error) {
      // The account exists and is signed in; the dashboard offers to send the link again.
      console.warn('Sign-up: the link to confirm the e-mail could not be sent', error);
    }
    return c.json({ user: toViewer(user) }, 201);
  })

  // { email, password } or { token } (a Google ID token: docs/decisions/008-google-sign-in.md).
  .post('/login', validate('json', loginSchema), async (c) => {
    const body = c.req.valid('json');
    await enforceRateLimit(c, 'login-ip', clientIp(c));
    if ('token' in body) {
      const identity = await verifyGoogleIdToken(c.env, body.token);
      const { user, created, tookOverUnproved } = await findOrCreateGoogleAccount(getDb(c.env), identity, Date.now());
      // Whoever signed up with this address before its owner proved it is signed out everywhere.
      if (tookOverUnproved) await endAllSessions(c, user.id, false);
      if ((await beginSignIn(c, user, 'google', { newAccount: created })) === 'second-factor') {
        return c.json({ secondFactor: 'required' } satisfies SecondFactorRequired, 202);
      }
      return c.json({ user: toViewer(user), created }, created ? 201 : 200);
    }
    const { email, password } = body;
    const limits = [
      ['login-failure-account-ip', `${email}|${clientIp(c)}`],
      ['login-failure-account', email],
    ] as const;
    for (const [name, subject] of limits) await refuseWhenFailuresReached(c, name, subject);
    const wrong = async (): Promise<never> => {
      for (const [name, subject] of limits) await countFailure(c, name, subject);
      throw new ApiError(401, 'INVALID_CREDENTIALS');
    };
    const user = await findUserByEmail(getDb(c.env), email);
    if (!user?.passwordHash || user.deletingAt !== null) {
      // Same answer and about the same time whether the e-mail is unknown or the password wrong.
      await spendPasswordCheckTime(password, readConfig(c.env).PASSWORD_HASHING);
      return wrong();
    }
    if (!(await verifyPassword(password, user.passwordHash))) return wrong();
    if ((await beginSignIn(c, user, 'password')) === 'second-factor') {
      return c.json({ secondFactor: 'required' } satisfies SecondFactorRequired, 202);
    }
    return c.json({ user: toViewer(user) }, 200);
  })

  .post('/logout', async (c) => {
    await endSession(c);
    clearSessionCookie(c);
    return c.json({ signedOut: true }, 200);
  })

  .post('/verifyAuth', async (c) => {
    const { viewer, sessionId, user } = currentViewer(c);
    const { LIVE_TOKEN_SECRET } = readConfig(c.env);
    const customToken = await issueCustomToken(LIVE_TOKEN_SECRET, viewer.id, sessionId, Date.now());
    return c.json({ user: viewer, customToken, needsSetup: needsSetup(user) }, 200);
  })

  .get('/checkIfEmailExists', validate('query', checkEmailQuerySchema), async (c) => {
    const { email } = c.req.valid('query');
    await enforceRateLimit(c, 'email-check-ip', clientIp(c));
    await enforceRateLimit(c, 'email-check-account', email);
    const db = getDb(c.env);
    const user = await findUserByEmail(db, email);
    if (!user) return c.json([], 200);
    // An account made with a passkey only has no other way in to name (decision 045).
    const passkey: Array<'passkey'> = (await countPasskeys(db, user.id)) > 0 ? ['passkey'] : [];
    return c.json([...signInMethodsOf(user), ...passkey], 200);
  });
