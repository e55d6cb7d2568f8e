import { formatPhoneForDisplay } from '../../src/common/phone';
import { getDb } from '../db/client';
import { findFileOfUser } from '../db/queries/files';
import type { FileRow } from '../db/schema';
import type { UserFaxRow } from '../db/store/schema';
import { renderDeliveryConfirmation } from '../documents/confirmation';
import { renderCoverPage } from '../documents/cover-page';
import { type ObjectStream, readObjectStream } from '../storage/bucket';
import { storedCoverPage } from './stored-cover';

/** The file the user uploaded for the fax (before any cover page), or null when it is gone. */
async function sourceFileOf(env: Env, fax: UserFaxRow): Promise<FileRow | null> {
  if (!fax.fileId) return null;
  return findFileOfUser(getDb(env), fax.userId, fax.fileId);
}

/** The document the user uploaded for the fax (before any cover page), or null when it is gone. */
async function sourceDocumentOf(env: Env, fax: UserFaxRow): Promise<ObjectStream | null> {
  const file = await sourceFileOf(env, fax);
  return file ? readObjectStream(env, file.r2Key) : null;
}

/** The PDF that was transmitted (cover page first), or the uploaded document before dispatch rendered it. */
export async function faxDocumentBody(env: Env, fax: UserFaxRow): Promise<ObjectStream | null> {
  return fax.documentKey ? readObjectStream(env, fax.documentKey) : sourceDocumentOf(env, fax);
}

/**
 * A transmitted PDF larger than this is not read to picture its first page: pdf-lib would hold it
 * whole, several times over, and a Worker has 128 MB (decision 030). A scan page is a few hundred KB.
 */
const MAX_PICTURED_DOCUMENT_BYTES = 8 * 1024 * 1024;

/**
 * The first page transmitted, as a PDF to picture: the cover page drawn again (it is drawn from
 * the fax's own fields, so it is the one sent), else the document when it is small enough; null
 * for none (the confirmation then says there is no picture).
 */
async function firstPageOf(env: Env, fax: UserFaxRow): Promise<Uint8Array | null> {
  const cover = storedCoverPage(fax.coverPage);
  if (cover) return renderCoverPage(cover, fax.pageCount);
  const document = await faxDocumentBody(env, fax);
  if (!document) return null;
  if (document.size > MAX_PICTURED_DOCUMENT_BYTES) {
    await document.body.cancel();
    return null;
  }
  return new Uint8Array(await new Response(document.body).arrayBuffer());
}

/** The delivery confirmation of a delivered fax, with a picture of its first page. */
export async function faxConfirmationPdf(env: Env, fax: UserFaxRow): Promise<Uint8Array> {
  return renderDeliveryConfirmation({
    faxId: fax.id,
    toDisplay: fax.remoteNumber ? formatPhoneForDisplay(fax.remoteNumber) : '',
    fromDisplay: fax.anonymous || !fax.localNumber ? null : formatPhoneForDisplay(fax.localNumber),
    pagesSent: fax.pagesSent,
    pageCount: fax.pageCount,
    start: fax.start,
    completed: fax.completed ?? fax.updated,
    attempts: fax.attempt,
    firstPage: await firstPageOf(env, fax),
  });
}
