import { ParseSpeeds, PDFDocument } from 'pdf-lib';

/**
 * One PDF of every page of `documents`, in order (a mail's attachments become one fax). The
 * documents were checked already (normalize.ts); a single one is answered as it is.
 */
export async function mergePdfs(documents: readonly Uint8Array[]): Promise<Uint8Array> {
  if (documents.length === 1) return documents[0]!;
  const merged = await PDFDocument.create({ updateMetadata: false });
  for (const bytes of documents) {
    const source = await PDFDocument.load(bytes, { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return merged.save({ objectsPerTick: Number.POSITIVE_INFINITY });
}
