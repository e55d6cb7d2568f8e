import { and, asc, count, eq, lt } from 'drizzle-orm';
import type { Db } from '../client';
import { type PasskeyCeremony, type PasskeyChallengeRow, type PasskeyRow, passkeyChallenges, passkeys } from '../schema';

// Passkeys and the challenges of their ceremonies (decision 045).

export async function listPasskeys(db: Db, userId: string): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
}

export async function countPasskeys(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

/** The passkey with this credential id, whoever owns it: the global lookup of a sign-in. */
export async function findPasskey(db: Db, credentialId: string): Promise<PasskeyRow | null> {
  return (await db.query.passkeys.findFirst({ where: eq(passkeys.id, credentialId) })) ?? null;
}

/** False when the credential id is already registered (to this or any account). */
export async function insertPasskey(db: Db, row: PasskeyRow): Promise<boolean> {
  const rows = await db.insert(passkeys).values(row).onConflictDoNothing({ target: passkeys.id }).returning({ id: passkeys.id });
  return rows.length > 0;
}

/**
 * Records a use: the new counter and the time. Conditional on the counter read before, so of two
 * requests racing with the same signature one passes (the other finds the counter moved).
 */
export async function recordPasskeyUse(db: Db, id: string, previousCounter: number, counter: number, now: number): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ counter, lastUsedAt: now })
    .where(and(eq(passkeys.id, id), eq(passkeys.counter, previousCounter)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

/** The renamed passkey, or null when the account has no passkey with this id. */
export async function renamePasskey(db: Db, userId: string, id: string, name: string): Promise<PasskeyRow | null> {
  const rows = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return rows[0] ?? null;
}

/** The removed passkey, or null when the account has no passkey with this id. */
export async function deletePasskey(db: Db, userId: string, id: string): Promise<PasskeyRow | null> {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return rows[0] ?? null;
}

export async function insertPasskeyChallenge(db: Db, row: PasskeyChallengeRow): Promise<void> {
  await db.insert(passkeyChallenges).values(row);
}

/**
 * Uses a challenge up: one DELETE … RETURNING, so a challenge answers one ceremony, once, even
 * when two answers race. Null when it is unknown, used, expired or made for another ceremony.
 */
export async function takePasskeyChallenge(
  db: Db,
  id: string,
  ceremony: PasskeyCeremony,
  now: number,
): Promise<PasskeyChallengeRow | null> {
  const rows = await db
    .delete(passkeyChallenges)
    .where(and(eq(passkeyChallenges.id, id), eq(passkeyChallenges.ceremony, ceremony)))
    .returning();
  const row = rows[0];
  return row && row.expiresAt > now ? row : null;
}

/** The cron's sweep of challenges nobody answered. */
export async function deleteExpiredPasskeyChallenges(db: Db, now: number): Promise<number> {
  const rows = await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now)).returning({ id: passkeyChallenges.id });
  return rows.length;
}
