import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FaxCounts } from '../../../src/common/faxes';
import type { Db } from '../client';
import { faxes } from '../schema';

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
