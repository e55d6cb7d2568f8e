import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FaxCounts, FaxTotals } from '../../../src/common/faxes';
import type { Db } from '../client';
import { faxes, users } from '../schema';

/**
 * The counts the navigation and the lists show (spec §7): unread received faxes and the totals of
 * each direction, trash excluded. One pass over the user's rows (faxes_list_idx / faxes_unread_idx).
 */
export async function readFaxCounts(db: Db, userId: string): Promise<FaxCounts> {
  const [row] = await db
    .select({
      unreadReceived: sql<number>`coalesce(sum(${faxes.direction} = 'RECEIVE' AND ${faxes.status} <> 'RECEIVING' AND ${faxes.read} = 0), 0)`,
      received: sql<number>`coalesce(sum(${faxes.direction} = 'RECEIVE'), 0)`,
      sent: sql<number>`coalesce(sum(${faxes.direction} = 'SEND'), 0)`,
    })
    .from(faxes)
    .where(and(eq(faxes.userId, userId), isNull(faxes.trashedAt)));
  return { unreadReceived: Number(row?.unreadReceived ?? 0), received: Number(row?.received ?? 0), sent: Number(row?.sent ?? 0) };
}

/** The counts and the lifetime totals, as a fax.updated event carries them; null when the user is gone. */
export async function readFaxTotals(db: Db, userId: string): Promise<FaxTotals | null> {
  const [counts, [user]] = await Promise.all([
    readFaxCounts(db, userId),
    db
      .select({ lifetimeSendCount: users.lifetimeSendCount, lifetimeReceiveCount: users.lifetimeReceiveCount })
      .from(users)
      .where(eq(users.id, userId)),
  ]);
  return user ? { counts, ...user } : null;
}
