import { and, count, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../client';
import { type AppFactorRow, appFactors, type PendingSignInRow, pendingSignIns, recoveryCodes } from '../schema';

// The second factors of an account and its sign-ins waiting for one (decision 044).

export async function findAppFactor(db: Db, userId: string): Promise<AppFactorRow | null> {
  return (await db.query.appFactors.findFirst({ where: eq(appFactors.userId, userId) })) ?? null;
}

/** A new, unconfirmed secret; replaces an earlier unconfirmed one, never a confirmed one. */
export async function putUnconfirmedAppFactor(db: Db, userId: string, secretSealed: string, now: number): Promise<boolean> {
  const rows = await db
    .insert(appFactors)
    .values({ userId, secretSealed, createdAt: now, confirmedAt: null, lastUsedStep: null })
    .onConflictDoUpdate({ target: appFactors.userId, set: { secretSealed, createdAt: now }, setWhere: isNull(appFactors.confirmedAt) })
    .returning({ userId: appFactors.userId });
  return rows.length > 0;
}

/**
 * Records a code as used for `step`: one conditional UPDATE, so of two requests with the same code
 * exactly one passes. `confirm` also turns an unconfirmed app on.
 */
export async function spendAppStep(db: Db, userId: string, step: number, now: number, confirm: boolean): Promise<boolean> {
  const rows = await db
    .update(appFactors)
    .set(confirm ? { lastUsedStep: step, confirmedAt: now } : { lastUsedStep: step })
    .where(
      and(
        eq(appFactors.userId, userId),
        confirm ? isNull(appFactors.confirmedAt) : isNotNull(appFactors.confirmedAt),
        or(isNull(appFactors.lastUsedStep), lt(appFactors.lastUsedStep, step)),
      ),
    )
    .returning({ userId: appFactors.userId });
  return rows.length > 0;
}

export async function deleteAppFactor(db: Db, userId: string): Promise<void> {
  await db.batch([
    db.delete(appFactors).where(eq(appFactors.userId, userId)),
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
  ]);
}

/** Replaces every recovery code of the account with these (their hashes). */
export async function replaceRecoveryCodes(db: Db, userId: string, codeHashes: string[], now: number): Promise<void> {
  await db.batch([
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
    db.insert(recoveryCodes).values(codeHashes.map((id) => ({ id, userId, createdAt: now, usedAt: null }))),
  ]);
}

/** Uses a recovery code up: one conditional UPDATE, so a code works once even when sent twice at once. */
export async function spendRecoveryCode(db: Db, userId: string, codeHash: string, now: number): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.id, codeHash), eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function countRecoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.left ?? 0;
}

export async function insertPendingSignIn(db: Db, row: PendingSignInRow): Promise<void> {
  // One waiting sign-in per account and browser is enough; older ones of the account that expired go.
  await db.delete(pendingSignIns).where(and(eq(pendingSignIns.userId, row.userId), lt(pendingSignIns.expiresAt, row.createdAt)));
  await db.insert(pendingSignIns).values(row);
}

export async function findPendingSignIn(db: Db, id: string, now: number): Promise<PendingSignInRow | null> {
  return (await db.query.pendingSignIns.findFirst({ where: and(eq(pendingSignIns.id, id), gt(pendingSignIns.expiresAt, now)) })) ?? null;
}

/** Ends a waiting sign-in; true for the one request that ended it. */
export async function deletePendingSignIn(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(pendingSignIns).where(eq(pendingSignIns.id, id)).returning({ id: pendingSignIns.id });
  return rows.length > 0;
}
