import type { PageSize, Rotation } from './page-geometry';
import { runsModernPdfjs } from './pdfjs-support';

// What the viewer knows of an open PDF, without pdf.js: the components import only these types and
// `loadFaxDocument`, which fetches pdf.js (./pdfjs-modern.ts or ./pdfjs-legacy.ts) the first time a viewer opens.

export interface RenderOptions {
  /** 1 is 100%. */
  scale: number;
  rotation: Rotation;
  /** Device pixels per CSS pixel: sharp on high-density screens. */
  pixelRatio: number;
  intent?: 'display' | 'print';
}

/** A page being drawn on a canvas of its own; the canvas is null when the drawing was cancelled. */
export interface RenderedPage {
  canvas: Promise<HTMLCanvasElement | null>;
  cancel(): void;
}

export interface FaxDocument {
  pageCount: number;
  /** Stands in for the size of pages not measured yet: a fax's pages are nearly always alike. */
  firstPageSize: PageSize;
  knownPageSize(pageNumber: number): PageSize | null;
  pageSize(pageNumber: number): Promise<PageSize>;
  renderPage(pageNumber: number, options: RenderOptions): RenderedPage;
  destroy(): Promise<void>;
}

/** not-found: the server has no such document (404); network: no answer; server: any other error. */
export type FaxDocumentProblem = 'not-found' | 'network' | 'server' | 'unreadable';

export class FaxDocumentError extends Error {
  constructor(readonly problem: FaxDocumentProblem) {
    super(`The fax document could not be opened (${problem}).`);
    this.name = 'FaxDocumentError';
  }
}

// A constant condition, so the server build drops the imports and never bundles pdf.js. The
// modern build where the browser runs it, else the legacy one (docs/decisions/032).
const importPdfDocument = import.meta.env.SSR ? null : () => (runsModernPdfjs() ? import('./pdfjs-modern') : import('./pdfjs-legacy'));

/**
 * The page view, thumbnails and toolbar (FaxViewer shows them once the document is open): they
 * draw nothing without pdf.js, so they come with it rather than with the page (docs/decisions/032).
 */
export const importDocumentView = () => import('./DocumentView');

/** Downloads pdf.js and the viewer's drawing parts on first use, then the document. */
export async function loadFaxDocument(url: string, signal: AbortSignal): Promise<FaxDocument> {
  if (!importPdfDocument) throw new Error('Fax documents open in the browser only.');
  const [{ openFaxDocument }] = await Promise.all([importPdfDocument(), importDocumentView()]);
  return openFaxDocument(url, signal);
}
