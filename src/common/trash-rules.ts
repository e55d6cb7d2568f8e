// The zod-free part of the trash: what the pages carry. The schemas stay in ./trash.ts, which re-exports
// these, so the server reads one contract (docs/decisions/032).

export const TRASH_RETENTION_DAYS = 30;
export const TRASH_RETENTION_MS = TRASH_RETENTION_DAYS * 24 * 60 * 60 * 1000;

/** Faxes one call may move, restore or delete: what a page selects, never a whole history at once. */
export const MAX_FAXES_PER_CALL = 100;

/** When a trashed fax is purged: the day the page tells the user. */
export function trashPurgeAt(trashedAt: number): number {
  return trashedAt + TRASH_RETENTION_MS;
}

const ENDED = new Set(['DELIVERED', 'FAILED', 'RECEIVED']);

/** A fax may be moved to the trash once it has ended: delivered, failed or arrived (not on its way, not scheduled). */
export function canTrash(fax: { status: string }): boolean {
  return ENDED.has(fax.status);
}
