import type { FaxDirection, FaxStatus } from '../../src/common/faxes';
import { TRASH_RETENTION_MS } from '../../src/common/trash';
import { isTerminalStatus } from './fax-status';

// The trash's rules, without I/O. A fax still on its way or still arriving cannot be trashed:
// its status would go on changing out of sight, and a failed send is refunded only once it ends.

export interface TrashableFax {
  direction: FaxDirection;
  status: FaxStatus;
  read: boolean;
  trashedAt: number | null;
}

export function canBeTrashed(fax: Pick<TrashableFax, 'status'>): boolean {
  return isTerminalStatus(fax.status);
}

/** Trashed faxes whose trashing is older than this are due to be purged. */
export function purgeCutoff(now: number): number {
  return now - TRASH_RETENTION_MS;
}

/**
 * How the history counters move when a fax goes into the trash (+1) or comes back (-1): out of
 * the history total and into the trash count; an unread received fax stops (or starts again)
 * counting as unread, since the unread count is of the history.
 */
export function trashCounterChange(fax: TrashableFax, into: boolean): { total: number; trashed: number; unread: number } {
  const sign = into ? 1 : -1;
  const unread = fax.direction === 'RECEIVE' && fax.status !== 'RECEIVING' && !fax.read ? -sign : 0;
  return { total: -sign, trashed: sign, unread };
}
