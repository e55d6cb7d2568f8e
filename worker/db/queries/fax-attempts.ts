import { and, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { faxAttempts, faxes, type FaxAttemptRow, type FaxRow } from '../schema';
import type { FaxProgress } from '../../domain/fax-status';
import type { FaxFailureReason } from '../../../src/common/faxes';

// Reads of the fax lifecycle: a sent fax, its attempts, and the webhook deliveries already handled.
// Every write goes through commitFaxChange (fax-changes.ts).

export async function findSendFax(db: Db, faxId: string): Promise<FaxRow | null> {
  const row = await db.query.faxes.findFirst({ where: and(eq(faxes.id, faxId), eq(faxes.direction, 'SEND')) });
  return row ?? null;
}

export async function findAttempt(db: Db, faxId: string, attempt: number): Promise<FaxAttemptRow | null> {
  const row = await db.query.faxAttempts.findFirst({ where: and(eq(faxAttempts.faxId, faxId), eq(faxAttempts.attempt, attempt)) });
  return row ?? null;
}

export async function findAttemptByCarrierId(db: Db, carrierFaxId: string): Promise<FaxAttemptRow | null> {
  const row = await db.query.faxAttempts.findFirst({ where: eq(faxAttempts.carrierFaxId, carrierFaxId) });
  return row ?? null;
}

// Moved to webhook-events.ts (shared with the payment webhooks); re-exported for the fax code.
export { isWebhookEventHandled, recordWebhookEvent } from './webhook-events';

/** Records the carrier's id for an attempt the first time it is known; never replaces one. */
export async function setCarrierFaxId(d1: D1Database, faxId: string, attempt: number, carrierFaxId: string): Promise<void> {
  await d1
    .prepare('UPDATE fax_attempts SET carrier_fax_id = ?3 WHERE fax_id = ?1 AND attempt = ?2 AND carrier_fax_id IS NULL')
    .bind(faxId, attempt, carrierFaxId)
    .run();
}

/** Records where the rendered PDF (cover page first) is; set once, reused by every retry. */
export async function setFaxDocumentKey(d1: D1Database, faxId: string, key: string): Promise<void> {
  await d1.prepare('UPDATE faxes SET document_key = ?2 WHERE id = ?1').bind(faxId, key).run();
}

export function faxProgressOf(row: FaxRow): FaxProgress {
  return {
    status: row.status,
    pagesSent: row.pagesSent,
    attempt: row.attempt,
    nextAttemptAt: row.nextAttemptAt,
    failureReason: row.failureReason as FaxFailureReason | null,
    completed: row.completed,
  };
}
