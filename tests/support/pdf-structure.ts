import { unzlibSync, zlibSync } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { isDict, type PdfValue, parseValue } from '../../worker/documents/pdf-syntax';
import { joinBytes } from '../../worker/http/bytes';
import { addScannedPage } from './scanned-page.mjs';

// PDFs built byte by byte (odd structures real files have: wrong lengths, updates, loops) and
// scanned-like ones, and a check that a PDF's cross-reference says where its objects really are.

const encoder = new TextEncoder();
const latin1 = new TextDecoder('latin1');

/**
 * A PDF from object bodies (`objects[i]` is object i + 1, written as given: a dictionary, or a
 * dictionary and its stream), with a classic cross-reference table that is right unless `xrefShift`
 * moves every offset it names. `trailer` is the trailer dictionary's inside.
 */
export function rawPdf(objects: (string | Uint8Array)[], trailer = '/Root 1 0 R', { xrefShift = 0, version = '1.7' } = {}): Uint8Array {
  const parts: Uint8Array[] = [encoder.encode(`%PDF-${version}\n%\xe2\xe3\xcf\xd3\n`)];
  let length = parts[0]!.byteLength;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    const bytes = [
      encoder.encode(`${i + 1} 0 obj\n`),
      typeof body === 'string' ? encoder.encode(body) : body,
      encoder.encode('\nendobj\n'),
    ];
    for (const part of bytes) {
      parts.push(part);
      length += part.byteLength;
    }
  });
  const rows = offsets.map((offset) => `${String(offset + xrefShift).padStart(10, '0')} 00000 n \n`).join('');
  parts.push(
    encoder.encode(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${rows}trailer\n<< /Size ${objects.length + 1} ${trailer} >>\nstartxref\n${length}\n%%EOF\n`,
    ),
  );
  return joinBytes(parts);
}

/** One page whose cross-reference table puts every object 11 bytes off, as broken writers do. */
export function pdfWithWrongOffsets(): Uint8Array {
  return rawPdf(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
    ],
    undefined,
    { xrefShift: 11 },
  );
}

/** One page of PDF 1.3 whose trailer names /Info (titled "Records") and an /ID <00112233> <44556677>. */
export function pdfWithInfoAndId(): Uint8Array {
  return rawPdf(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
      '<< /Title (Records) >>',
    ],
    '/Root 1 0 R /Info 4 0 R /ID [<00112233> <44556677>]',
    { version: '1.3' },
  );
}

/** A stream object's body: its dictionary (without /Length unless `length` is a string) and data. */
export function streamBody(dict: string, data: Uint8Array | string, length: number | string = 'auto'): Uint8Array {
  const bytes = typeof data === 'string' ? encoder.encode(data) : data;
  const len = length === 'auto' ? String(bytes.byteLength) : String(length);
  return joinBytes([encoder.encode(`<< ${dict} /Length ${len} >>\nstream\n`), bytes, encoder.encode('\nendstream')]);
}

/**
 * A scan-like PDF: each page one Flate-compressed 1-bit image of `width` × `height` pixels, rows of
 * noise between white ones. With `objectStreams`, the dictionaries are compressed as pdf-lib writes them.
 */
export async function scannedPdf(pages: number, { objectStreams = true, width = 400, height = 500 } = {}): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const rowBytes = Math.ceil(width / 8);
  for (let p = 0; p < pages; p++) {
    const pixels = new Uint8Array(rowBytes * height).fill(0xff);
    // Noise does not compress: every third row is text-like, the rest white.
    for (let row = p % 3; row < height; row += 3) crypto.getRandomValues(pixels.subarray(row * rowBytes, (row + 1) * rowBytes));
    const data = zlibSync(pixels);
    addScannedPage(pdf, data, { width, height });
  }
  return pdf.save({ useObjectStreams: objectStreams });
}

function lastStartxref(bytes: Uint8Array): number {
  const tail = latin1.decode(bytes.subarray(Math.max(0, bytes.length - 1024)));
  const found = [...tail.matchAll(/startxref\s+(\d+)/g)].at(-1);
  if (!found) throw new Error('no startxref');
  return Number(found[1]);
}

function numberOf(value: PdfValue | undefined): number {
  if (typeof value !== 'number') throw new Error('expected a number');
  return value;
}

/**
 * What is wrong with the last cross-reference stream of `bytes` (as this product writes it): every
 * object it places at an offset must start there (`N G obj`), and every compressed one must name an
 * object stream it places. Empty when a reader can trust it without repairing the file.
 */
export function crossReferenceProblems(bytes: Uint8Array): string[] {
  const at = lastStartxref(bytes);
  const header = /^(\d+) (\d+) obj\s*/.exec(latin1.decode(bytes.subarray(at, at + 32)));
  if (!header) return [`startxref ${at} does not point at an object`];
  const dict = parseValue(bytes, at + header[0].length);
  if (!isDict(dict)) return ['the cross-reference is not a stream'];
  const start = latin1.decode(bytes.subarray(dict.end, dict.end + 16)).indexOf('stream') + dict.end + 'stream\n'.length;
  const table = unzlibSync(bytes.subarray(start, start + numberOf(dict.entries.get('Length'))));
  const widths = (dict.entries.get('W') as number[]).map(numberOf);
  const index = ((dict.entries.get('Index') as number[] | undefined) ?? [0, numberOf(dict.entries.get('Size'))]).map(numberOf);
  const row = widths.reduce((a, b) => a + b, 0);
  const field = (offset: number, width: number): number => {
    let value = 0;
    for (let i = 0; i < width; i++) value = value * 256 + table[offset + i]!;
    return value;
  };
  const problems: string[] = [];
  const placed = new Set<number>();
  const compressed: [number, number][] = [];
  let rowAt = 0;
  for (let run = 0; run < index.length; run += 2) {
    for (let num = index[run]!; num < index[run]! + index[run + 1]!; num++, rowAt += row) {
      const type = field(rowAt, widths[0]!);
      const second = field(rowAt + widths[0]!, widths[1]!);
      const third = field(rowAt + widths[0]! + widths[1]!, widths[2]!);
      if (type === 1) {
        placed.add(num);
        if (!latin1.decode(bytes.subarray(second, second + 24)).startsWith(`${num} ${third} obj`))
          problems.push(`object ${num} is not at ${second}`);
      } else if (type === 2) {
        compressed.push([num, second]);
      }
    }
  }
  for (const [num, stream] of compressed) if (!placed.has(stream)) problems.push(`object ${num} is in stream ${stream}, which is nowhere`);
  return problems;
}
