import type { Attachment } from 'postal-mime';
import { FAX_MAIL_MAX_ATTACHMENTS } from '../../src/common/fax-mail';
import { t } from '../../src/i18n/t';
import type { Db } from '../db/client';
import { deleteFilesOfUser, insertFile } from '../db/queries/files';
import type { FileRow } from '../db/schema';
import { md5Hex } from '../documents/checksum';
import { bytesSource } from '../documents/document-source';
import { mergePdfs } from '../documents/merge-pdf';
import { normalizeDocument } from '../documents/normalize';
import { sniffDocumentKind } from '../documents/sniff';
import { pagesOfMail } from '../domain/fax-mail';
import { isTnef, readTnefFiles } from '../domain/tnef';
import type { AppConfig } from '../env';
import { ApiError } from '../http/api-error';
import { deleteObjects } from '../storage/bucket';
import { documentLimits, newFileRecord, putDocumentPdf } from '../uploads/store-document';

// A mail's attachments as the one stored document a fax sends (decision 028): each checked as an
// upload is (the bytes decide: PDF, PNG or JPEG), images made pages, all merged in the mail's
// order, then stored as a `files` row and its PDF in R2 like any upload.

/** Why the attachments cannot be faxed, as the sentence the reply mail says. */
export class UnusableAttachments extends Error {}

function bytesOf(content: Attachment['content']): Uint8Array {
  if (typeof content === 'string') return new TextEncoder().encode(content);
  return content instanceof Uint8Array ? content : new Uint8Array(content);
}

function nameOf(part: Attachment, index: number): string {
  return part.filename?.trim() || t('faxMail.refusal.unnamed', { number: index + 1 });
}

/**
 * The attachments with each TNEF part (Outlook's `winmail.dat`) replaced by the files inside it,
 * the ones its HTML shows inline marked so: the sender attached those files, not the wrapper.
 */
function unwrapTnef(attachments: readonly Attachment[]): Attachment[] {
  return attachments.flatMap((part): Attachment[] => {
    const bytes = bytesOf(part.content);
    if (part.mimeType !== 'application/ms-tnef' && !isTnef(bytes)) return [part];
    return readTnefFiles(bytes).map((file) => ({
      filename: file.filename,
      mimeType: 'application/octet-stream',
      disposition: 'attachment',
      related: file.inline,
      content: file.content,
    }));
  });
}

/** Every page of the usable attachments, merged; throws UnusableAttachments saying why not. */
async function mergeAttachments(attachments: readonly Attachment[], config: AppConfig): Promise<{ pdf: Uint8Array; pageCount: number }> {
  const parts = pagesOfMail(unwrapTnef(pagesOfMail(attachments)));
  if (parts.length === 0) throw new UnusableAttachments(t('faxMail.refusal.noAttachment'));
  if (parts.length > FAX_MAIL_MAX_ATTACHMENTS)
    throw new UnusableAttachments(t('faxMail.refusal.tooManyAttachments', { max: FAX_MAIL_MAX_ATTACHMENTS }));
  const limits = documentLimits(config);
  const pdfs: Uint8Array[] = [];
  let pageCount = 0;
  for (const [index, part] of parts.entries()) {
    const bytes = bytesOf(part.content);
    const kind = sniffDocumentKind(bytes);
    if (kind === null || kind === 'tiff') {
      throw new UnusableAttachments(t('faxMail.refusal.notADocument', { name: nameOf(part, index) }));
    }
    try {
      const document = await normalizeDocument(bytesSource(bytes), limits);
      pdfs.push(document.converted ?? bytes);
      pageCount += document.pageCount;
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      throw new UnusableAttachments(t('faxMail.refusal.attachment', { name: nameOf(part, index), reason: t(`errors.${err.code}`) }));
    }
    if (pageCount > limits.maxPages) throw new UnusableAttachments(t('errors.TOO_MANY_PAGES'));
  }
  const pdf = await mergePdfs(pdfs);
  if (pdf.byteLength > limits.maxBytes) throw new UnusableAttachments(t('errors.FILE_TOO_LARGE'));
  return { pdf, pageCount };
}

/** The attachments stored as the user's document named `name`; throws UnusableAttachments. */
export async function storeMailDocument(
  env: Env,
  db: Db,
  userId: string,
  name: string,
  attachments: readonly Attachment[],
  config: AppConfig,
): Promise<FileRow> {
  const { pdf, pageCount } = await mergeAttachments(attachments, config);
  const document = {
    converted: pdf,
    decrypted: false,
    size: pdf.byteLength,
    md5: md5Hex(pdf),
    pageCount,
    originalContentType: 'application/pdf',
    // The merged PDF was written here, not read: its outline is found when it is first sent.
    outline: null,
  };
  const record = newFileRecord({ fileId: crypto.randomUUID(), userId, name, document, now: Date.now() });
  await putDocumentPdf(env, record, pdf);
  return insertFile(db, record);
}

/** A document a refused fax leaves behind: nothing of a mail that was not faxed is kept. */
export async function forgetMailDocument(env: Env, db: Db, file: FileRow): Promise<void> {
  await deleteObjects(env, file.r2Key);
  await deleteFilesOfUser(db, file.userId, [file.id]);
}
