import { formatPhoneForDisplay } from '../../src/common/phone';
import { getDb } from '../db/client';
import { findFileOfUser } from '../db/queries/files';
import type { FaxRow } from '../db/schema';
import { renderDeliveryConfirmation } from '../documents/confirmation';

/** The PDF that was transmitted (cover page first), or the uploaded document before dispatch rendered it. */
export async function faxDocumentBody(env: Env, fax: FaxRow): Promise<R2ObjectBody | null> {
  if (fax.documentKey) return env.DOCUMENTS.get(fax.documentKey);
  if (!fax.fileId) return null;
  const file = await findFileOfUser(getDb(env), fax.userId, fax.fileId);
  return file ? env.DOCUMENTS.get(file.r2Key) : null;
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
