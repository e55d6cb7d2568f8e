import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { type FaxMailAddressRow, faxMailAddresses, type UserRow, users } from '../schema';

// The addresses a user gets received faxes at, and which may send faxes by e-mail (decision 028).

export async function listFaxMailAddresses(db: Db, userId: string): Promise<FaxMailAddressRow[]> {
  return db.select().from(faxMailAddresses).where(eq(faxMailAddresses.userId, userId)).orderBy(asc(faxMailAddresses.createdAt)).all();
}

export async function listConfirmedFaxMailAddresses(db: Db, userId: string): Promise<FaxMailAddressRow[]> {
  return db
    .select()
    .from(faxMailAddresses)
    .where(and(eq(faxMailAddresses.userId, userId), isNotNull(faxMailAddresses.confirmedAt)))
    .orderBy(asc(faxMailAddresses.createdAt))
    .all();
}

export async function findFaxMailAddress(db: Db, userId: string, id: string): Promise<FaxMailAddressRow | null> {
  return (
    (await db.query.faxMailAddresses.findFirst({ where: and(eq(faxMailAddresses.id, id), eq(faxMailAddresses.userId, userId)) })) ?? null
  );
}

export async function findFaxMailAddressById(db: Db, id: string): Promise<FaxMailAddressRow | null> {
  return (await db.query.faxMailAddresses.findFirst({ where: eq(faxMailAddresses.id, id) })) ?? null;
}

export type AddOutcome = { added: FaxMailAddressRow } | 'EXISTS' | 'FULL';

/**
 * Adds an unconfirmed address unless the user already has it or has `max` addresses. One statement
 * decides, so two adds at once can never make a sixth.
 */
export async function addFaxMailAddress(
  db: Db,
  input: { id: string; userId: string; email: string; now: number },
  max: number,
): Promise<AddOutcome> {
  const rows = await db.all<FaxMailAddressRow>(sql`
    INSERT INTO fax_mail_addresses (id, user_id, email, created_at, confirmed_at, link_sent_at)
    SELECT ${input.id}, ${input.userId}, ${input.email}, ${input.now}, NULL, ${input.now}
    WHERE (SELECT COUNT(*) FROM fax_mail_addresses WHERE user_id = ${input.userId}) < ${max}
    ON CONFLICT (user_id, email) DO NOTHING
    RETURNING id`);
  if (rows.length > 0) {
    const added = await findFaxMailAddressById(db, input.id);
    if (added) return { added };
  }
  const existing = await db.query.faxMailAddresses.findFirst({
    where: and(eq(faxMailAddresses.userId, input.userId), eq(faxMailAddresses.email, input.email)),
  });
  return existing ? 'EXISTS' : 'FULL';
}

export async function markFaxMailLinkSent(db: Db, id: string, now: number): Promise<FaxMailAddressRow | null> {
  const rows = await db.update(faxMailAddresses).set({ linkSentAt: now }).where(eq(faxMailAddresses.id, id)).returning();
  return rows[0] ?? null;
}

/** Confirms the address (once), when it is still the one the link was sent to; null otherwise. */
export async function confirmFaxMailAddress(db: Db, id: string, email: string, now: number): Promise<FaxMailAddressRow | null> {
  const rows = await db
    .update(faxMailAddresses)
    .set({ confirmedAt: now })
    .where(and(eq(faxMailAddresses.id, id), eq(faxMailAddresses.email, email), isNull(faxMailAddresses.confirmedAt)))
    .returning();
  return rows[0] ?? null;
}

export async function deleteFaxMailAddress(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(faxMailAddresses)
    .where(and(eq(faxMailAddresses.id, id), eq(faxMailAddresses.userId, userId)))
    .returning({ id: faxMailAddresses.id });
  return rows.length > 0;
}

/**
 * Who may send faxes by e-mail from `email`: the account whose own address it is, once verified,
 * and every account that confirmed it for received faxes. Deleting accounts are left out.
 */
export async function findSendersByAddress(db: Db, email: string): Promise<{ owner: UserRow | null; confirmedBy: UserRow[] }> {
  const [owner, confirmed] = await Promise.all([
    db.query.users.findFirst({ where: and(eq(users.email, email), isNotNull(users.emailVerifiedAt), isNull(users.deletingAt)) }),
    db
      .select({ user: users })
      .from(faxMailAddresses)
      .innerJoin(users, eq(users.id, faxMailAddresses.userId))
      .where(and(eq(faxMailAddresses.email, email), isNotNull(faxMailAddresses.confirmedAt), isNull(users.deletingAt)))
      .limit(10)
      .all(),
  ]);
  return { owner: owner ?? null, confirmedBy: confirmed.map((row) => row.user) };
}
