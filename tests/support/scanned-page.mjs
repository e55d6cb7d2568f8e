// A scanned page in a pdf-lib document: one Flate-compressed 1-bit grey image filling a US Letter
// page, as a scanner writes it. Shared by the tests' scan-like PDFs (pdf-structure.ts) and the
// largest-fax benchmarks (tests/bench/scanned-documents.mjs), which run in Node.
import { concatTransformationMatrix, drawObject, PDFRawStream, popGraphicsState, pushGraphicsState } from 'pdf-lib';

/** Adds a page showing `data`, the Flate-compressed pixels of a `width` × `height` 1-bit image. */
export function addScannedPage(pdf, data, { width, height }) {
  const image = pdf.context.register(
    PDFRawStream.of(
      pdf.context.obj({
        Type: 'XObject',
        Subtype: 'Image',
        Width: width,
        Height: height,
        ColorSpace: 'DeviceGray',
        BitsPerComponent: 1,
        Filter: 'FlateDecode',
        Length: data.byteLength,
      }),
      data,
    ),
  );
  const page = pdf.addPage([612, 792]);
  const name = page.node.newXObject('Scan', image);
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(612, 0, 0, 792, 0, 0), drawObject(name), popGraphicsState());
}
