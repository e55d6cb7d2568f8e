import { and, eq, gt, isNull, lt, type Placeholder, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../client';
import { type SessionRow, sessions, type UserRow, users } from '../schema';

/**
 * Reads a route makes beside the session check, keyed by the session (the user is not known yet),
 * so the whole request reads D1 once: one batch, one round trip (decision 043).
 */
export type SessionReads = (db: Db, sessionId: string) => readonly BatchItem<'sqlite'>[];

/**
 * The user's row and the session's own fields under names of their own: in a batch, Drizzle maps
 * D1's rows by column name, so two columns of one name (both tables' `id`, `created_at`) would collide.
 */
function sessionWithUserQuery(db: Db, sessionId: string | Placeholder) {
  return (
    db
      .select({
        user: users,
        sessionCreatedAt: sql<number>`${sessions.createdAt}`.as('session_created_at'),
        sessionExpiresAt: sql<number>`${sessions.expiresAt}`.as('session_expires_at'),
        sessionSecondFactorAt: sql<number | null>`${sessions.secondFactorAt}`.as('session_second_factor_at'),
      })
      .from(sessions)
      .innerJoin(users, eq(sessions.userId, users.id))
      // An account being deleted has no valid session, even one a sign-in racing the lock opened.
      .where(and(eq(sessions.id, sessionId), isNull(users.deletingAt)))
      .limit(1)
  );
}

type SessionWithUser = Awaited<ReturnType<typeof sessionWithUserQuery>>[number];

// Every signed-in request reads its session: the statement is built once per database binding, as
// drizzle's building was a good part of a read's time (decision 043's amendment).
const preparedSessionQueries = new WeakMap<Db, ReturnType<typeof prepareSessionQuery>>();

function prepareSessionQuery(db: Db) {
  return sessionWithUserQuery(db, sql.placeholder('sessionId')).prepare();
}

function preparedSessionQuery(db: Db) {
  let query = preparedSessionQueries.get(db);
  if (!query) {
    query = prepareSessionQuery(db);
    preparedSessionQueries.set(db, query);
  }
  return query;
}

export async function insertSession(db: Db, session: SessionRow): Promise<void> {
  await db.insert(sessions).values(session);
}

/** The session and its user; with `alongside`, its reads' results too, in their order, from the same batch. */
export async function findSessionWithUser(
  db: Db,
  sessionId: string,
  alongside: SessionReads | null = null,
): Promise<{ session: SessionRow; user: UserRow; alongside: unknown[] } | null> {
  const reads = alongside ? alongside(db, sessionId) : [];
  const [rows, ...results] =
    reads.length > 0
      ? await db.batch([sessionWithUserQuery(db, sessionId), ...reads])
      : [await preparedSessionQuery(db).all({ sessionId })];
  const found = (rows as SessionWithUser[])[0];
  if (!found) return null;
  const session: SessionRow = {
    id: sessionId,
    userId: found.user.id,
    createdAt: found.sessionCreatedAt,
    expiresAt: found.sessionExpiresAt,
    secondFactorAt: found.sessionSecondFactorAt,
  };
  return { session, user: found.user, alongside: results };
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
