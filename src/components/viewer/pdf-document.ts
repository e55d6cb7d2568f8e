// The one module that works pdf.js, whichever of its builds the browser got (./pdfjs-modern.ts or
// ./pdfjs-legacy.ts, loaded by fax-document.ts only when a fax opens). pdf.js 6 has no code path
// that evaluates strings any more, so the old `isEvalSupported: false` option is gone with it.
import type * as PdfJsModule from 'pdfjs-dist';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { type FaxDocument, FaxDocumentError, type RenderedPage, type RenderOptions } from './fax-document';
import type { PageSize } from './page-geometry';

/** What this module uses of pdf.js: the same in its modern and its legacy build. */
export type PdfJs = Pick<
  typeof PdfJsModule,
  | 'getDocument'
  | 'GlobalWorkerOptions'
  | 'InvalidPDFException'
  | 'PasswordException'
  | 'RenderingCancelledException'
  | 'VerbosityLevel'
  | 'version'
>;

/** pdf.js's 100%: a PDF point is 1/72 in, a CSS pixel 1/96 in. */
const CSS_PIXELS_PER_POINT = 96 / 72;
/** Bigger bitmaps cost hundreds of megabytes; past this the canvas gets fewer pixels per CSS pixel. */
const MAX_CANVAS_PIXELS = 2 ** 24;

/** Where src/integrations/pdfjs-assets.ts serves pdf.js's data files; the worker fetches from here. */
function assetUrl(version: string, folder: string): string {
  return new URL(`/pdfjs/${version}/${folder}/`, window.location.origin).href;
}

async function fetchDocument(url: string, signal: AbortSignal): Promise<ArrayBuffer> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', signal });
  } catch (err) {
    if (signal.aborted) throw err;
    throw new FaxDocumentError('network');
  }
  if (response.status === 404 || response.status === 410) throw new FaxDocumentError('not-found');
  if (!response.ok) throw new FaxDocumentError('server');
  try {
    return await response.arrayBuffer();
  } catch (err) {
    if (signal.aborted) throw err;
    throw new FaxDocumentError('network');
  }
}

async function parseDocument(pdfjs: PdfJs, data: ArrayBuffer): Promise<PDFDocumentProxy> {
  const task = pdfjs.getDocument({
    data,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
    cMapUrl: assetUrl(pdfjs.version, 'cmaps'),
    iccUrl: assetUrl(pdfjs.version, 'iccs'),
    standardFontDataUrl: assetUrl(pdfjs.version, 'standard_fonts'),
    wasmUrl: assetUrl(pdfjs.version, 'wasm'),
  });
  try {
    return await task.promise;
  } catch (err) {
    await task.destroy();
    if (err instanceof pdfjs.InvalidPDFException || err instanceof pdfjs.PasswordException) throw new FaxDocumentError('unreadable');
    throw err;
  }
}

/** A page's size in CSS pixels at 100%, turned as the PDF says. */
async function measurePage(pdf: PDFDocumentProxy, pageNumber: number): Promise<PageSize> {
  const { width, height } = (await pdf.getPage(pageNumber)).getViewport({ scale: CSS_PIXELS_PER_POINT });
  return { width, height };
}

function wrap(pdfjs: PdfJs, pdf: PDFDocumentProxy, firstPage: PageSize): FaxDocument {
  const sizes = new Map<number, PageSize>([[1, firstPage]]);

  return {
    pageCount: pdf.numPages,
    firstPageSize: firstPage,

    knownPageSize: (pageNumber) => sizes.get(pageNumber) ?? null,

    async pageSize(pageNumber) {
      const known = sizes.get(pageNumber);
      if (known) return known;
      const size = await measurePage(pdf, pageNumber);
      sizes.set(pageNumber, size);
      return size;
    },

    renderPage(pageNumber: number, options: RenderOptions): RenderedPage {
      let cancelled = false;
      let cancelTask: (() => void) | null = null;
      const canvas = (async (): Promise<HTMLCanvasElement | null> => {
        const page = await pdf.getPage(pageNumber);
        if (cancelled) return null;
        const cssScale = options.scale * CSS_PIXELS_PER_POINT;
        const rotation = (page.rotate + options.rotation) % 360;
        const css = page.getViewport({ scale: cssScale, rotation });
        const pixelRatio = Math.min(options.pixelRatio, Math.sqrt(MAX_CANVAS_PIXELS / (css.width * css.height)));
        const viewport = page.getViewport({ scale: cssScale * pixelRatio, rotation });
        const target = document.createElement('canvas');
        target.width = Math.max(1, Math.floor(viewport.width));
        target.height = Math.max(1, Math.floor(viewport.height));
        const task = page.render({ canvas: target, viewport, intent: options.intent ?? 'display' });
        cancelTask = () => task.cancel();
        try {
          await task.promise;
        } catch (err) {
          if (err instanceof pdfjs.RenderingCancelledException) return null;
          throw err;
        }
        return cancelled ? null : target;
      })();
      return {
        canvas,
        cancel() {
          cancelled = true;
          cancelTask?.();
        },
      };
    },

    async destroy() {
      await pdf.loadingTask.destroy();
    },
  };
}

export type OpenFaxDocument = (url: string, signal: AbortSignal) => Promise<FaxDocument>;

/** Opening faxes with one build of pdf.js and its worker: downloads and opens a fax's PDF, or fails with a FaxDocumentError saying what went wrong. */
export function faxDocumentOpener(pdfjs: PdfJs, workerUrl: string): OpenFaxDocument {
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  return async (url, signal) => {
    const pdf = await parseDocument(pdfjs, await fetchDocument(url, signal));
    try {
      if (signal.aborted) throw signal.reason;
      return wrap(pdfjs, pdf, await measurePage(pdf, 1));
    } catch (err) {
      await pdf.loadingTask.destroy();
      throw err;
    }
  };
}
