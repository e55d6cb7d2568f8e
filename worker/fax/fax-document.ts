import type { CoverPage } from '../../src/common/cover-page';
import type { UserFaxRow } from '../db/store/schema';
import type { DocumentSource } from '../documents/document-source';
import { coverPageUpdate } from '../documents/fax-pdf';
import { type KeptOutline, MAX_KEPT_OUTLINE_BYTES, readKeptOutline } from '../documents/kept-outline';
import { PdfStructureError, readPageTree } from '../documents/pdf-outline';
import { DocumentTooComplex, scanPdf } from '../documents/pdf-scan';
import { StreamTooLarge } from '../documents/stream-bounds';
import { readStreamAtMost } from '../http/bytes';
import { copyObject, readObject, readObjectSource } from '../storage/bucket';
import { documentKey, documentOutlineKey, faxDocumentKey } from '../storage/documents';
import { userStore } from '../user-store/stub';
import { storedCoverPage } from './stored-cover';

const PDF_METADATA: R2PutOptions = { httpMetadata: { contentType: 'application/pdf' } };

/** The outline the upload's check kept beside the document (decision 052); null when there is none to trust. */
async function keptOutlineOf(env: Env, key: string, source: DocumentSource): Promise<KeptOutline | null> {
  const kept = await readObject(env, documentOutlineKey(key));
  if (!kept) return null;
  const bytes = await readStreamAtMost(kept.body, MAX_KEPT_OUTLINE_BYTES);
  return bytes && readKeptOutline(bytes, source.size);
}

/**
 * What to append to the document at `key`: the cover page's update (fax-pdf.ts), or nothing when
 * there is no cover. The update is made from the outline the upload's check kept; without one (a
 * document stored before it was kept, or written by us rather than checked), from the document
 * read from R2 piece by piece, never held whole, its pages found either way: null when it is gone
 * or they cannot be (the carrier could not send it).
 */
async function updateOf(env: Env, key: string, cover: CoverPage | null, faxId: string): Promise<Uint8Array | null> {
  const source = await readObjectSource(env, key);
  if (!source) return null;
  // Its pages were found at upload: with no cover there is nothing to append.
  const kept = await keptOutlineOf(env, key, source);
  if (kept) return cover ? (await coverPageUpdate(kept.outline, cover, kept.tree)).bytes : new Uint8Array(0);
  try {
    const outline = await scanPdf(source, { checkStreams: false });
    if (cover) return (await coverPageUpdate(outline, cover)).bytes;
    await readPageTree(outline);
    return new Uint8Array(0);
  } catch (err) {
    if (!(err instanceof PdfStructureError || err instanceof DocumentTooComplex || err instanceof StreamTooLarge)) throw err;
    console.warn('The document of fax', faxId, 'cannot be rendered:', err.message);
    return null;
  }
}

/**
 * The R2 key of the PDF to transmit (cover page first), made on the first attempt and reused by
 * every retry: the document streamed from its object to the fax's, the cover page appended as an
 * update. Null when the user's document cannot be turned into a fax (gone, or unreadable).
 * Storage errors are thrown: they are worth another try.
 */
export async function ensureFaxDocument(env: Env, fax: UserFaxRow): Promise<string | null> {
  if (fax.documentKey) return fax.documentKey;
  if (!fax.fileId) return null;
  const cover = storedCoverPage(fax.coverPage);
  if (cover === undefined) return null;

  // The uploaded document's key follows from its id (uploads/store-document.ts), so its file row
  // in D1, read once when the fax was accepted, is not read again: a document gone is found gone.
  const source = documentKey(fax.userId, fax.fileId);
  const update = await updateOf(env, source, cover, fax.id);
  if (!update) return null;
  const key = faxDocumentKey(fax.userId, fax.id);
  if (!(await copyObject(env, source, key, update, PDF_METADATA))) return null;
  await userStore(env, fax.userId).setDocumentKey(fax.id, key);
  return key;
}
