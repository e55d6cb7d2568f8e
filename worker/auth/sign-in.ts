import type { Context } from 'hono';
import type { SignInMethod } from '../../src/common/sign-in-link';
import { getDb } from '../db/client';
import { transferHold } from '../db/queries/numbers';
import { findSessionSecondFactorAt } from '../db/queries/sessions';
import { updateLastSignIn } from '../db/queries/users';
import type { UserRow } from '../db/schema';
import type { AppEnv } from '../http/app-env';
import { endAllLiveSessions, endLiveSession } from '../live/publish';
import { userHolderKey, visitorHolderKey } from '../numbers/holder';
import { enqueueAccountJob } from '../queues/account-messages';
import { createSession, invalidateSession, invalidateUserSessions } from './session';
import { rememberSignedIn, writeSessionCookie } from './session-cookie';

/**
 * Opens a fresh session for a user who has just proved who they are: any session the browser
 * already had is ended (a new token at every sign-in), and the sign-in is queued for login history.
 * `newAccount`: the account was created by this very sign-in, whose time is its creation time
 * (spec §4 tells a new account by creation time equal to last sign-in time). `secondFactorAt`: the
 * sign-in proved the second factor then (decision 044's step-up counts from it).
 */
export async function startSession(
  c: Context<AppEnv>,
  user: UserRow,
  method: SignInMethod,
  { newAccount = false, secondFactorAt = null }: { newAccount?: boolean; secondFactorAt?: number | null } = {},
): Promise<void> {
  const db = getDb(c.env);
  const now = newAccount ? user.createdAt : Date.now();
  await endSession(c);
  const { token, session } = await createSession(db, user.id, now, secondFactorAt);
  if (!newAccount) await updateLastSignIn(db, user.id, now);
  writeSessionCookie(c, token, session.expiresAt);
  rememberSignedIn(c);
  c.set('sessionId', session.id);
  // A number picked while signed out stays held for the account (docs/decisions/012).
  const visitorKey = await visitorHolderKey(c);
  if (visitorKey) await transferHold(db, visitorKey, userHolderKey(user.id), now);
  try {
    await enqueueAccountJob(c.env, {
      kind: 'sign-in.record',
      id: crypto.randomUUID(),
      userId: user.id,
      sessionId: session.id,
      at: now,
      method,
      ip: c.req.header('cf-connecting-ip') ?? null,
      userAgent: c.req.header('user-agent')?.slice(0, 512) ?? null,
      country: (c.req.raw.cf?.country as string | undefined) ?? null,
    });
  } catch (err) {
    // Losing one login-history line must not stop someone signing in.
    console.warn('Could not queue the sign-in record', err);
  }
}

/** Ends the current session, if any, and closes the live sockets opened under it. */
export async function endSession(c: Context<AppEnv>): Promise<void> {
  const sessionId = c.get('sessionId');
  const viewer = c.get('viewer');
  if (!sessionId || !viewer) return;
  await invalidateSession(getDb(c.env), sessionId);
  await endLiveSession(c.env, viewer.id, sessionId);
}

/**
 * Ends every session of the user, everywhere (their open pages are closed and sent to sign in),
 * and, when `keepThisBrowser` is set, opens a new one for the browser that asked — so changing a
 * password signs out every other device without signing out the person who changed it.
 */
export async function endAllSessions(c: Context<AppEnv>, userId: string, keepThisBrowser: boolean): Promise<void> {
  const db = getDb(c.env);
  const current = c.get('sessionId');
  // The browser that stays keeps its last second-factor check (decision 044).
  const secondFactorAt = keepThisBrowser && current ? await findSessionSecondFactorAt(db, current) : null;
  await invalidateUserSessions(db, userId);
  c.set('sessionId', null);
  if (!keepThisBrowser || !current) {
    await endAllLiveSessions(c.env, userId);
    return;
  }
  const { token, session } = await createSession(db, userId, Date.now(), secondFactorAt);
  writeSessionCookie(c, token, session.expiresAt);
  c.set('sessionId', session.id);
  await endAllLiveSessions(c.env, userId, { keepSessionId: current, newSessionId: session.id });
}
