import { PDFDocument, PDFName } from 'pdf-lib';
import type { CoverPage } from '../../src/common/cover-page';
import { joinBytes } from '../http/bytes';
import { addCoverPage } from './cover-page';
import { bytesSource, yieldToEventLoop } from './document-source';
import { type PageTree, type PdfOutline, readPageTree } from './pdf-outline';
import { scanPdf } from './pdf-scan';
import { isDict, nameOf, parseValue } from './pdf-syntax';
import { PdfUpdate, refText, withEntry } from './pdf-update';

// The PDF a carrier transmits: the cover page (if any), then every page of the document, each at
// its own size (carriers scale to the fax page). The cover is appended to the document as an
// incremental update (pdf-update.ts) rather than the document being parsed and written again:
// pdf-lib held a 31 MB scan three times over (115 MB; a Worker has 128), and the update is a few
// KB whatever the document's size (docs/decisions/030-large-documents.md).

export interface CoverPageUpdate {
  /** Bytes to append after the document's own. */
  bytes: Uint8Array;
  /** Pages to transmit, the cover included. */
  pageCount: number;
}

function objectBytes(outline: PdfOutline, num: number): Uint8Array {
  const value = outline.objects.get(num)?.value;
  if (!value) throw new Error(`object ${num} was read for the page tree but is not kept`);
  return value;
}

/** An object of pdf-lib's as PDF bytes (what its writer would write between `obj` and `endobj`). */
function pdfLibBytes(object: { sizeInBytes(): number; copyBytesInto(buffer: Uint8Array, offset: number): number }): Uint8Array {
  const bytes = new Uint8Array(object.sizeInBytes());
  object.copyBytesInto(bytes, 0);
  return bytes;
}

// Cross-reference streams (our update's) are PDF 1.5: an older header is raised in the catalog.
function needsVersion(outline: PdfOutline, catalog: Uint8Array): boolean {
  if (outline.version !== null && outline.version >= 1.5) return false;
  const dict = parseValue(catalog);
  const version = isDict(dict) ? Number(nameOf(dict.entries.get('Version'))) : Number.NaN;
  return !(version >= 1.5);
}

/**
 * The cover page as an update of the document whose outline is given: a new page tree root
 * holding the cover and the document's own tree (`known`, found in the outline unless given), the
 * catalog pointing at it. Throws PdfStructureError when the document has no readable page tree.
 */
export async function coverPageUpdate(outline: PdfOutline, cover: CoverPage, known?: PageTree): Promise<CoverPageUpdate> {
  const tree = known ?? (await readPageTree(outline));
  const pageCount = tree.pageCount + 1;
  const update = new PdfUpdate(outline);
  // Each step below takes some milliseconds (drawing the cover, a cross-reference of every
  // object): other requests get their turn between them.
  await yieldToEventLoop();

  // pdf-lib draws the cover; its objects are numbered after the document's (its own catalog and
  // page tree, numbered before, are left out).
  const drawn = await PDFDocument.create({ updateMetadata: false });
  const first = update.firstFreeNumber();
  drawn.context.largestObjectNumber = first - 1;
  const page = await addCoverPage(drawn, cover, pageCount);
  await drawn.flush();
  const root = drawn.context.nextRef();
  page.node.set(PDFName.of('Parent'), root);
  for (const [ref, object] of drawn.context.enumerateIndirectObjects()) {
    if (ref.objectNumber >= first) update.object(ref.objectNumber, ref.generationNumber, pdfLibBytes(object));
  }
  await yieldToEventLoop();

  const rootRef = { kind: 'ref', num: root.objectNumber, gen: 0 } as const;
  update.object(root.objectNumber, 0, `<< /Type /Pages /Kids [${page.ref.toString()} ${refText(tree.root)}] /Count ${pageCount} >>`);
  update.object(tree.root.num, tree.root.gen, withEntry(objectBytes(outline, tree.root.num), 'Parent', refText(rootRef)));
  let catalog = withEntry(objectBytes(outline, tree.catalog.num), 'Pages', refText(rootRef));
  if (needsVersion(outline, catalog)) catalog = withEntry(catalog, 'Version', '/1.5');
  update.object(tree.catalog.num, tree.catalog.gen, catalog);
  return { bytes: update.finish(drawn.context.nextRef().objectNumber, tree.catalog), pageCount };
}

interface FaxPdf {
  bytes: Uint8Array;
  /** Pages to transmit, the cover included. */
  pageCount: number;
}

/**
 * The whole fax PDF in memory, for a document already in memory (tests, benchmarks): the Worker
 * streams the document from storage instead (fax/fax-document.ts). Without a cover the document
 * goes as it is. Throws PdfStructureError for a document whose pages cannot be found.
 */
export async function buildFaxPdf(document: Uint8Array, cover: CoverPage | null): Promise<FaxPdf> {
  const outline = await scanPdf(bytesSource(document), { checkStreams: false });
  if (!cover) return { bytes: document, pageCount: (await readPageTree(outline)).pageCount };
  const update = await coverPageUpdate(outline, cover);
  return { bytes: joinBytes([document, update.bytes]), pageCount: update.pageCount };
}
