// A scanned page in a pdf-lib document: one Flate-compressed 1-bit grey image filling a US Letter
// page, as a scanner writes it. Shared by the tests' scan-like PDFs (pdf-structure.ts), the
// document limits' unit tests and the largest-fax benchmarks (tests/bench/scanned-documents.mjs).
import { concatTransformationMatrix, drawObject, PDFRawStream, popGraphicsState, pushGraphicsState } from 'pdf-lib';

/**
 * Registers a Flate-compressed grey image of `width` × `height` pixels (1 bit a pixel, as a scanner
 * writes, unless said) holding `data`; answers its reference.
 */
export function addGreyImage(pdf, data, { width, height, bitsPerComponent = 1 }) {
  return pdf.context.register(
    PDFRawStream.of(
      pdf.context.obj({
        Type: 'XObject',
        Subtype: 'Image',
        Width: width,
        Height: height,
        ColorSpace: 'DeviceGray',
        BitsPerComponent: bitsPerComponent,
        Filter: 'FlateDecode',
        Length: data.byteLength,
      }),
      data,
    ),
  );
}

/** Adds a page showing `data`, the Flate-compressed pixels of a `width` × `height` 1-bit image. */
export function addScannedPage(pdf, data, { width, height }) {
  const image = addGreyImage(pdf, data, { width, height });
  const page = pdf.addPage([612, 792]);
  const name = page.node.newXObject('Scan', image);
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(612, 0, 0, 792, 0, 0), drawObject(name), popGraphicsState());
}
