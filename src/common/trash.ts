import { z } from 'zod';
import { faxIdValue } from './fax-id';
import type { FaxTotals, FaxView } from './faxes';
import { MAX_FAXES_PER_CALL } from './trash-rules';

// The trash (spec §3 trash document): faxes moved out of the history, kept until restored, deleted
// forever, or purged TRASH_RETENTION_DAYS after they were trashed.

export { MAX_FAXES_PER_CALL, TRASH_RETENTION_DAYS, TRASH_RETENTION_MS, trashPurgeAt } from './trash-rules';

export const faxIdsSchema = z.object({
  faxIds: z
    .array(faxIdValue)
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
