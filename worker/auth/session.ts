import { generateToken, rememberedSha256Hex, sha256Hex } from '../crypto/tokens';
import type { Db } from '../db/client';
import {
  deleteExpiredUserSessions,
  deleteSession,
  deleteUserSessions,
  findSessionWithUser,
  insertSession,
  type SessionReads,
  updateSessionExpiry,
} from '../db/queries/sessions';
import type { SessionRow, UserRow } from '../db/schema';

// Sessions after the Lucia session guide: the browser holds a random token, the database holds its
// SHA-256, and the expiry slides forward while the user keeps coming back.
const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
const SESSION_RENEW_WITHIN_MS = 15 * 24 * 60 * 60 * 1000;

interface ValidSession {
  session: SessionRow;
  user: UserRow;
  /** True when the expiry moved forward, so the cookie must be sent again. */
  renewed: boolean;
  /** The results of the reads asked for beside the session, in their order. */
  alongside: unknown[];
}

/** The id the session behind `token` is stored under: its SHA-256, remembered for tokens seen lately. */
export function sessionIdOf(token: string): Promise<string> {
  return rememberedSha256Hex(token);
}

export async function createSession(
  db: Db,
  userId: string,
  now: number,
  secondFactorAt: number | null = null,
): Promise<{ token: string; session: SessionRow }> {
  const token = generateToken();
  const session: SessionRow = {
    id: await sha256Hex(token),
    userId,
    createdAt: now,
    expiresAt: now + SESSION_LIFETIME_MS,
    secondFactorAt,
  };
  await deleteExpiredUserSessions(db, userId, now);
  await insertSession(db, session);
  return { token, session };
}

/** The session behind `token`, checked and renewed; `alongside`: reads made in the same D1 round trip. */
export async function validateSessionToken(
  db: Db,
  token: string,
  now: number,
  alongside: SessionReads | null = null,
): Promise<ValidSession | null> {
  const found = await findSessionWithUser(db, await sessionIdOf(token), alongside);
  if (!found) return null;
  const { session, user } = found;
  if (now >= session.expiresAt) {
    await deleteSession(db, session.id);
    return null;
  }
  if (session.expiresAt - now < SESSION_RENEW_WITHIN_MS) {
    session.expiresAt = now + SESSION_LIFETIME_MS;
    await updateSessionExpiry(db, session.id, session.expiresAt);
    return { session, user, renewed: true, alongside: found.alongside };
  }
  return { session, user, renewed: false, alongside: found.alongside };
}

export async function invalidateSession(db: Db, sessionId: string): Promise<void> {
  await deleteSession(db, sessionId);
}

export async function invalidateUserSessions(db: Db, userId: string): Promise<void> {
  await deleteUserSessions(db, userId);
}
