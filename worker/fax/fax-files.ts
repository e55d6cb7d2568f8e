import { formatPhoneForDisplay } from '../../src/common/phone';
import { getDb } from '../db/client';
import { findFileOfUser } from '../db/queries/files';
import type { FaxRow, FileRow } from '../db/schema';
import { renderDeliveryConfirmation } from '../documents/confirmation';
import { readObject } from '../storage/bucket';

/** The file the user uploaded for the fax (before any cover page), or null when it is gone. */
export async function sourceFileOf(env: Env, fax: FaxRow): Promise<FileRow | null> {
  if (!fax.fileId) return null;
  return findFileOfUser(getDb(env), fax.userId, fax.fileId);
}

/** The document the user uploaded for the fax (before any cover page), or null when it is gone. */
async function sourceDocumentOf(env: Env, fax: FaxRow): Promise<R2ObjectBody | null> {
  const file = await sourceFileOf(env, fax);
  return file ? readObject(env, file.r2Key) : null;
}

/** The PDF that was transmitted (cover page first), or the uploaded document before dispatch rendered it. */
export async function faxDocumentBody(env: Env, fax: FaxRow): Promise<R2ObjectBody | null> {
  return fax.documentKey ? readObject(env, fax.documentKey) : sourceDocumentOf(env, fax);
}

/** The delivery confirmation of a delivered fax, with a picture of its first page. */
export async function faxConfirmationPdf(env: Env, fax: FaxRow): Promise<Uint8Array> {
  const document = await faxDocumentBody(env, fax);
  return renderDeliveryConfirmation({
    faxId: fax.id,
    toDisplay: fax.remoteNumber ? formatPhoneForDisplay(fax.remoteNumber) : '',
    fromDisplay: fax.anonymous || !fax.localNumber ? null : formatPhoneForDisplay(fax.localNumber),
    pagesSent: fax.pagesSent,
    pageCount: fax.pageCount,
    start: fax.start,
    completed: fax.completed ?? fax.updated,
    attempts: fax.attempt,
    firstPage: document ? new Uint8Array(await document.arrayBuffer()) : null,
  });
}
