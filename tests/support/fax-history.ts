import { runInDurableObject } from 'cloudflare:test';
import type { FaxDirection, FaxStatus } from '../../src/common/faxes';
import { userStoreStub } from './user-store';

// A history of many faxes written straight into a user's store in one transaction (decision 023),
// with the counters the rows call for: for tests of lists and searches over long histories, where
// sending each fax through the product would take minutes.

export interface HistoryFax {
  id: string;
  direction: FaxDirection;
  status: FaxStatus;
  /** E.164, or null for a withheld caller. */
  remoteNumber: string | null;
  start: number;
  read: boolean;
  trashedAt: number | null;
}

/** Fax `i` of a made-up history: what the caller does not give is a delivered sent fax, a minute apart. */
export function historyFax(i: number, fields: Partial<HistoryFax> = {}): HistoryFax {
  const direction = fields.direction ?? 'SEND';
  return {
    id: `fax-${String(i).padStart(6, '0')}-${crypto.randomUUID().slice(0, 8)}`,
    direction,
    status: direction === 'SEND' ? 'DELIVERED' : 'RECEIVED',
    remoteNumber: '+12125550123',
    start: Date.UTC(2026, 0, 1) + i * 60_000,
    read: direction === 'SEND',
    trashedAt: null,
    ...fields,
  };
}

/** Writes the faxes into the user's store (made ready first by a real call) and counts them in. */
export async function seedHistory(userId: string, faxes: HistoryFax[]): Promise<void> {
  const stub = userStoreStub(userId);
  await stub.faxTotals(userId);
  await runInDurableObject(stub, (_hub, state) => {
    state.storage.transactionSync(() => {
      for (const fax of faxes) {
        state.storage.sql.exec(
          `INSERT INTO faxes (id, direction, status, remote_number, page_count, pages_sent, start, updated, read, trashed_at)
           VALUES (?, ?, ?, ?, 1, 1, ?, ?, ?, ?)`,
          fax.id,
          fax.direction,
          fax.status,
          fax.remoteNumber,
          fax.start,
          fax.start,
          fax.read ? 1 : 0,
          fax.trashedAt,
        );
      }
      for (const direction of ['SEND', 'RECEIVE'] as const) {
        const mine = faxes.filter((fax) => fax.direction === direction);
        const kept = mine.filter((fax) => fax.trashedAt === null);
        const unread = kept.filter((fax) => !fax.read && fax.status !== 'RECEIVING').length;
        state.storage.sql.exec(
          `INSERT INTO fax_counters (direction, total, unread, trashed, lifetime) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (direction) DO UPDATE SET total = total + excluded.total, unread = unread + excluded.unread,
             trashed = trashed + excluded.trashed, lifetime = lifetime + excluded.lifetime`,
          direction,
          kept.length,
          direction === 'RECEIVE' ? unread : 0,
          mine.length - kept.length,
          mine.length,
        );
      }
    });
  });
}
