import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import workerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';

// Page 1 of a PDF the browser holds, drawn as a small picture: the document chosen on /send and its
// cover page's preview. Loaded on first need (docs/decisions/032), with pdf.js's legacy build,
// which every browser runs. The viewer's modules pick a build per browser, but importing any of
// them here would make them chunks shared with /send and the fax pages would carry more files.

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

/** Where src/integrations/pdfjs-assets.ts serves pdf.js's data files (fonts a PDF names but does not embed). */
function assetUrl(folder: string): string {
  return new URL(`/pdfjs/${pdfjs.version}/${folder}/`, window.location.origin).href;
}

/** An object URL of page 1 drawn `width` CSS pixels wide (the caller revokes it), or null when cancelled. */
export async function firstPageImage(pdf: Blob, width: number, signal: AbortSignal): Promise<string | null> {
  const task = pdfjs.getDocument({
    data: await pdf.arrayBuffer(),
    verbosity: pdfjs.VerbosityLevel.ERRORS,
    cMapUrl: assetUrl('cmaps'),
    iccUrl: assetUrl('iccs'),
    standardFontDataUrl: assetUrl('standard_fonts'),
    wasmUrl: assetUrl('wasm'),
  });
  try {
    const page = await (await task.promise).getPage(1);
    if (signal.aborted) return null;
    const scale = (width / page.getViewport({ scale: 1 }).width) * (window.devicePixelRatio || 1);
    const viewport = page.getViewport({ scale });
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.floor(viewport.width));
    canvas.height = Math.max(1, Math.floor(viewport.height));
    await page.render({ canvas, viewport }).promise;
    const image = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    return image && !signal.aborted ? URL.createObjectURL(image) : null;
  } finally {
    await task.destroy();
  }
}
