import { z } from 'zod';
import type { FaxTotals, FaxView } from './faxes';

// The trash (spec §3 trash document): faxes moved out of the history, kept until restored, deleted
// forever, or purged TRASH_RETENTION_DAYS after they were trashed.

export const TRASH_RETENTION_DAYS = 30;
export const TRASH_RETENTION_MS = TRASH_RETENTION_DAYS * 24 * 60 * 60 * 1000;

/** Faxes one call may move, restore or delete: what a page selects, never a whole history at once. */
export const MAX_FAXES_PER_CALL = 100;

export const faxIdsSchema = z.object({
  faxIds: z
    .array(z.uuid())
    .min(1)
    .max(MAX_FAXES_PER_CALL)
    .transform((ids) => [...new Set(ids)]),
});
export type FaxIdsBody = z.input<typeof faxIdsSchema>;

/** Delete forever: the faxes named, or the whole trash (`all`), a bounded batch per call. */
export const deleteFaxesForeverSchema = z.union([faxIdsSchema.strict(), z.object({ all: z.literal(true) }).strict()]);
export type DeleteFaxesForeverBody = z.input<typeof deleteFaxesForeverSchema>;

export const trashListQuerySchema = z.object({
  cursor: z.string().min(1).max(200).optional(),
});

/** When a trashed fax is purged: the day the page tells the user. */
export function trashPurgeAt(trashedAt: number): number {
  return trashedAt + TRASH_RETENTION_MS;
}

export interface TrashListPage {
  faxes: FaxView[];
  nextCursor: string | null;
  total: number;
}

export interface TrashChangeResult {
  faxes: FaxView[];
  totals: FaxTotals;
  /** Faxes now in the trash (both directions). */
  trashTotal: number;
}

export interface DeleteForeverResult {
  deleted: number;
  /** Faxes still in the trash: with `all`, call again while this is above 0. */
  remaining: number;
}
