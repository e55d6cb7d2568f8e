import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { type ApiKeyRow, apiKeys, type UserRow, users } from '../schema';

// API keys (decision 046): rows are found by the key's hash (a /v1 call) or by owner (Settings).

export async function insertApiKey(db: Db, row: ApiKeyRow): Promise<void> {
  await db.insert(apiKeys).values(row);
}

/** The key a caller presented, by its SHA-256, revoked or not (the caller decides). */
export async function findApiKeyByHash(db: Db, hash: string): Promise<ApiKeyRow | null> {
  return (await db.query.apiKeys.findFirst({ where: eq(apiKeys.id, hash) })) ?? null;
}

/** The key a /v1 caller presented and its owner, in one query (one D1 round trip a call). */
function prepareKeyWithOwner(db: Db) {
  return (
    db
      .select({ key: apiKeys, owner: users })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId))
      // An account being deleted answers to no key, as to no session.
      .where(and(eq(apiKeys.id, sql.placeholder('hash')), isNull(users.deletingAt)))
      .limit(1)
      .prepare()
  );
}

// Every /v1 call looks its key up: the statement is built once per database binding, as the
// session check is (db/queries/sessions.ts, decision 043's amendment).
const preparedKeyWithOwner = new WeakMap<Db, ReturnType<typeof prepareKeyWithOwner>>();

export async function findApiKeyWithOwner(db: Db, hash: string): Promise<{ key: ApiKeyRow; owner: UserRow } | null> {
  let query = preparedKeyWithOwner.get(db);
  if (!query) {
    query = prepareKeyWithOwner(db);
    preparedKeyWithOwner.set(db, query);
  }
  const [row] = await query.all({ hash });
  return row ?? null;
}

/** The account's keys not revoked, newest first. */
export async function listApiKeys(db: Db, userId: string): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt));
}

export async function countApiKeys(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  return row?.n ?? 0;
}

/** Revokes one of the account's own keys; answers the row revoked, or null (missing, foreign, already revoked). */
export async function revokeApiKey(db: Db, userId: string, keyId: string, now: number): Promise<ApiKeyRow | null> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.keyId, keyId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning();
  return row ?? null;
}

/** Notes a use, unless one was noted less than `everyMs` ago: one write a minute at most per key. */
export async function touchApiKey(db: Db, hash: string, now: number, everyMs: number): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.id, hash), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, now - everyMs))));
}
