import type { Context } from 'hono';
import { getDb } from '../db/client';
import { updateLastSignIn } from '../db/queries/users';
import type { UserRow } from '../db/schema';
import type { AppEnv } from '../http/app-env';
import { enqueueAccountJob } from '../jobs/messages';
import { endLiveSession } from '../live/publish';
import { createSession, invalidateSession } from './session';
import { writeSessionCookie } from './session-cookie';

/**
 * Opens a fresh session for a user who has just proved who they are: any session the browser
 * already had is ended (a new token at every sign-in), and the sign-in is queued for login history.
 */
export async function startSession(c: Context<AppEnv>, user: UserRow, method: 'password' | 'google'): Promise<void> {
  const db = getDb(c.env);
  const now = Date.now();
  await endSession(c);
  const { token, session } = await createSession(db, user.id, now);
  await updateLastSignIn(db, user.id, now);
  writeSessionCookie(c, token, session.expiresAt);
  c.set('sessionId', session.id);
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
