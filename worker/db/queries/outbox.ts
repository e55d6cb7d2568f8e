import { desc, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { type OutboxRow, outbox } from '../schema';

/** The local mail outbox (MAIL_PROVIDER=outbox): development and tests read it at /dev/outbox. */
export async function insertOutboxMail(db: Db, mail: Omit<OutboxRow, 'id' | 'createdAt'>, now: number): Promise<void> {
  await db.insert(outbox).values({ id: crypto.randomUUID(), ...mail, createdAt: now });
}

/** Newest first; all mail, or the mail sent to one address. */
export async function listOutboxMail(db: Db, to: string | undefined, limit: number): Promise<OutboxRow[]> {
  const query = db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(limit);
  return to ? query.where(eq(outbox.to, to.toLowerCase())) : query;
}

/** One mail by its id, or null. */
export async function findOutboxMail(db: Db, id: string): Promise<OutboxRow | null> {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id)).limit(1);
  return row ?? null;
}
