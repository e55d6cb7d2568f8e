import { desc, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { type LoginEventRow, loginEvents } from '../schema';

/** Idempotent: a redelivered job carries the same id and changes nothing. */
export async function insertLoginEvent(db: Db, event: LoginEventRow): Promise<boolean> {
  const rows = await db.insert(loginEvents).values(event).onConflictDoNothing().returning({ id: loginEvents.id });
  return rows.length > 0;
}

export async function listLoginEvents(db: Db, userId: string, limit: number): Promise<LoginEventRow[]> {
  return db.select().from(loginEvents).where(eq(loginEvents.userId, userId)).orderBy(desc(loginEvents.at)).limit(limit);
}
