// The one module that touches pdf.js. It is only ever loaded by loadFaxDocument (fax-document.ts,
// a dynamic import), so pages without a viewer never download pdf.js. pdf.js 6 has no code path
// that evaluates strings any more, so the old `isEvalSupported: false` option is gone with it.
//
// The legacy build: the modern one relies on JavaScript newer than many browsers in use (it calls
// Map.prototype.getOrInsertComputed, for one); the legacy build brings what is missing itself.
import {
  getDocument,
  GlobalWorkerOptions,
  InvalidPDFException,
  PasswordException,
  RenderingCancelledException,
  VerbosityLevel,
  version,
} from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import workerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';
import { FaxDocumentError, type FaxDocument, type RenderedPage, type RenderOptions } from './fax-document';
import type { PageSize } from './page-geometry';

GlobalWorkerOptions.workerSrc = workerUrl;

/** pdf.js's 100%: a PDF point is 1/72 in, a CSS pixel 1/96 in. */
const CSS_PIXELS_PER_POINT = 96 / 72;
/** Bigger bitmaps cost hundreds of megabytes; past this the canvas gets fewer pixels per CSS pixel. */
const MAX_CANVAS_PIXELS = 2 ** 24;

/** Where src/integrations/pdfjs-assets.ts serves pdf.js's data files; the worker fetches from here. */
function assetUrl(folder: string): string {
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

async function parseDocument(data: ArrayBuffer): Promise<PDFDocumentProxy> {
  const task = getDocument({
    data,
    verbosity: VerbosityLevel.ERRORS,
    cMapUrl: assetUrl('cmaps'),
    iccUrl: assetUrl('iccs'),
    standardFontDataUrl: assetUrl('standard_fonts'),
    wasmUrl: assetUrl('wasm'),
  });
  try {
    return await task.promise;
  } catch (err) {
    await task.destroy();
    if (err instanceof InvalidPDFException || err instanceof PasswordException) throw new FaxDocumentError('unreadable');
    throw err;
  }
}

/** A page's size in CSS pixels at 100%, turned as the PDF says. */
async function measurePage(pdf: PDFDocumentProxy, pageNumber: number): Promise<PageSize> {
  const { width, height } = (await pdf.getPage(pageNumber)).getViewport({ scale: CSS_PIXELS_PER_POINT });
  return { width, height };
}

function wrap(pdf: PDFDocumentProxy, firstPage: PageSize): FaxDocument {
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
          if (err instanceof RenderingCancelledException) return null;
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

/** Downloads and opens a fax's PDF; fails with a FaxDocumentError saying what went wrong. */
export async function openFaxDocument(url: string, signal: AbortSignal): Promise<FaxDocument> {
  const pdf = await parseDocument(await fetchDocument(url, signal));
  try {
    if (signal.aborted) throw signal.reason;
    return wrap(pdf, await measurePage(pdf, 1));
  } catch (err) {
    await pdf.loadingTask.destroy();
    throw err;
  }
}
