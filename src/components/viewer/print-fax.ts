import viewerMessages from 'virtual:messages/viewer';
import { translator } from '../../i18n/translator';
import type { FaxDocument } from './fax-document';

// Printing draws every page as an image into a container that only print shows (viewer.css hides
// the rest of the app while <html> has PRINTING_CLASS), calls window.print(), and removes it all
// once the browser says printing is over.

const t = translator({ viewer: viewerMessages });

/** 150 dpi: sharp on paper, and a 350-page fax still fits in memory. */
const PRINT_SCALE = 150 / 96;
const PRINTING_CLASS = 'fax-printing';
const CONTAINER_CLASS = 'fax-print-pages';

let cleanUpLastPrint: (() => void) | null = null;

function toBlob(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The page could not be turned into an image.'))), 'image/png'),
  );
}

async function drawPages(document: FaxDocument, container: HTMLElement, urls: string[]): Promise<void> {
  for (let pageNumber = 1; pageNumber <= document.pageCount; pageNumber += 1) {
    const canvas = await document.renderPage(pageNumber, { scale: PRINT_SCALE, rotation: 0, pixelRatio: 1, intent: 'print' }).canvas;
    if (!canvas) throw new Error('Printing was cancelled.');
    const url = URL.createObjectURL(await toBlob(canvas));
    urls.push(url);
    const image = new Image();
    image.alt = t('viewer.pageLabel', { page: pageNumber });
    image.src = url;
    await image.decode();
    container.append(image);
  }
}

/** Prints the fax as the PDF has it (the on-screen rotation is for reading only). */
export async function printFaxDocument(document: FaxDocument, title: string): Promise<void> {
  cleanUpLastPrint?.();
  const container = window.document.createElement('div');
  container.className = CONTAINER_CLASS;
  const urls: string[] = [];
  const previousTitle = window.document.title;

  const cleanUp = (): void => {
    window.removeEventListener('afterprint', cleanUp);
    window.document.documentElement.classList.remove(PRINTING_CLASS);
    window.document.title = previousTitle;
    container.remove();
    for (const url of urls) URL.revokeObjectURL(url);
    if (cleanUpLastPrint === cleanUp) cleanUpLastPrint = null;
  };
  cleanUpLastPrint = cleanUp;

  try {
    await drawPages(document, container, urls);
  } catch (err) {
    cleanUp();
    throw err;
  }
  window.document.body.append(container);
  window.document.documentElement.classList.add(PRINTING_CLASS);
  // The title is what browsers print in the page header and offer as the PDF's name.
  window.document.title = title;
  window.addEventListener('afterprint', cleanUp);
  window.print();
}
