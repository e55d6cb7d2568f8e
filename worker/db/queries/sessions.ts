import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../client';
import { type SessionRow, sessions, type UserRow, users } from '../schema';

export async function insertSession(db: Db, session: SessionRow): Promise<void> {
  await db.insert(sessions).values(session);
}

export async function findSessionWithUser(db: Db, sessionId: string): Promise<{ session: SessionRow; user: UserRow } | null> {
  const rows = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    // An account being deleted has no valid session, even one a sign-in racing the lock opened.
    .where(and(eq(sessions.id, sessionId), isNull(users.deletingAt)))
    .limit(1);
  return rows[0] ?? null;
}

export async function updateSessionExpiry(db: Db, sessionId: string, expiresAt: number): Promise<void> {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteUserSessions(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteExpiredUserSessions(db: Db, userId: string, now: number): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now)));
}

export async function isSessionActive(db: Db, sessionId: string, now: number): Promise<boolean> {
  const row = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, now)))
    .limit(1);
  return row.length > 0;
}

/** When the session last proved the second factor, or null (never, or no such session). */
export async function findSessionSecondFactorAt(db: Db, sessionId: string): Promise<number | null> {
  const [row] = await db.select({ at: sessions.secondFactorAt }).from(sessions).where(eq(sessions.id, sessionId)).limit(1);
  return row?.at ?? null;
}

export async function updateSessionSecondFactorAt(db: Db, sessionId: string, at: number): Promise<void> {
  await db.update(sessions).set({ secondFactorAt: at }).where(eq(sessions.id, sessionId));
}
