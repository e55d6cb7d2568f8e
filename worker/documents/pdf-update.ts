import { zlibSync } from 'fflate';
import { joinBytes } from '../http/bytes';
import type { PdfOutline } from './pdf-outline';
import { isDict, type PdfRef, parseValue } from './pdf-syntax';

// An incremental update (ISO 32000 §7.5.6): objects appended after a PDF's own bytes, which stay
// as they are, and a cross-reference stream that says where every object now is. The document is
// never rewritten, so a 50 MB scan gets a cover page by appending a few KB (fax-pdf.ts). The new
// cross-reference lists every object the scan found, at the offset it found it, and names no
// earlier section: the result reads the same whether or not the original's own tables were right.

const encoder = new TextEncoder();

export type XrefEntry = [type: 0 | 1 | 2, field2: number, field3: number];

export function refText(ref: PdfRef): string {
  return `${ref.num} ${ref.gen} R`;
}

/**
 * `value` (a dictionary's bytes, from an outline) with `key` set to `text`, written as PDF: the
 * old entry, if any, cut out, the new one added before `>>`; every other byte kept.
 */
export function withEntry(value: Uint8Array, key: string, text: string): Uint8Array {
  const dict = parseValue(value);
  if (!isDict(dict)) throw new Error(`not a dictionary: cannot set /${key}`);
  const span = dict.spans.get(key);
  const parts = span ? [value.subarray(0, span[0]), value.subarray(span[1], dict.end - 2)] : [value.subarray(0, dict.end - 2)];
  return joinBytes([...parts, encoder.encode(` /${key} ${text}>>`), value.subarray(dict.end)]);
}

/** Runs of consecutive numbers as /Index pairs: [first, count, first, count, …]. */
function indexRuns(numbers: readonly number[]): number[] {
  const runs: number[] = [];
  for (const num of numbers) {
    const last = runs.length - 2;
    if (last >= 0 && runs[last]! + runs[last + 1]! === num) runs[last + 1]! += 1;
    else runs.push(num, 1);
  }
  return runs;
}

function bytesFor(max: number): number {
  let width = 1;
  while (max >= 2 ** (8 * width)) width += 1;
  return width;
}

/** Builds the update: objects in order, then the cross-reference stream and the end of file. */
export class PdfUpdate {
  private readonly parts: Uint8Array[] = [];
  private length = 0;
  private readonly written = new Map<number, XrefEntry>();

  /** `outline` is the document being updated; its last byte is followed by this update's first. */
  constructor(private readonly outline: PdfOutline) {
    if (!outline.endsWithNewline) this.push(encoder.encode('\n'));
  }

  private push(bytes: Uint8Array): void {
    this.parts.push(bytes);
    this.length += bytes.byteLength;
  }

  /** The first object number no object of the document uses. */
  firstFreeNumber(): number {
    let max = Math.max(0, this.outline.trailer.size - 1);
    for (const num of this.outline.objects.keys()) max = Math.max(max, num);
    return max + 1;
  }

  /** Appends object `num` (new, or a new version of one of the document's). */
  object(num: number, gen: number, value: Uint8Array | string): void {
    this.written.set(num, [1, this.outline.size + this.length, gen]);
    this.push(encoder.encode(`${num} ${gen} obj\n`));
    this.push(typeof value === 'string' ? encoder.encode(value) : value);
    this.push(encoder.encode('\nendobj\n'));
  }

  /** Ends the update with a cross-reference stream numbered `num`, the new trailer; answers the bytes. */
  finish(num: number, catalog: PdfRef): Uint8Array {
    const entries = new Map<number, XrefEntry>();
    for (const [objectNumber, entry] of this.outline.objects) {
      entries.set(objectNumber, entry.kind === 'direct' ? [1, entry.offset, entry.gen] : [2, entry.stream, entry.index]);
    }
    for (const [objectNumber, entry] of this.written) entries.set(objectNumber, entry);
    const { info, id } = this.outline.trailer;
    this.push(crossReferenceStream({ entries, num, offset: this.outline.size + this.length, catalog, info, id }));
    return joinBytes(this.parts);
  }
}

interface CrossReference {
  /** Where each object is: [1, offset, gen] written, [2, stream, index] in an object stream. */
  entries: Map<number, XrefEntry>;
  /** The stream's own number, and the offset it is written at. */
  num: number;
  offset: number;
  catalog: PdfRef;
  /** `/Info …` and `/ID […]` as the document's trailer wrote them. */
  info: Uint8Array | null;
  id: Uint8Array | null;
}

/**
 * A cross-reference stream listing `entries` and itself, carrying the trailer (/Root, /Info,
 * /ID), then `startxref` and the end of file: the last bytes of an update or of a whole PDF.
 */
export function crossReferenceStream(xref: CrossReference): Uint8Array {
  const entries = new Map(xref.entries);
  entries.set(0, [0, 0, 65535]);
  entries.set(xref.num, [1, xref.offset, 0]);
  const numbers = [...entries.keys()].sort((a, b) => a - b);
  let max2 = 0;
  let max3 = 0;
  for (const [, field2, field3] of entries.values()) {
    max2 = Math.max(max2, field2);
    max3 = Math.max(max3, field3);
  }
  const widths = [1, bytesFor(max2), bytesFor(max3)] as const;
  const row = widths[0] + widths[1] + widths[2];
  const table = new Uint8Array(numbers.length * row);
  numbers.forEach((objectNumber, i) => {
    const entry = entries.get(objectNumber)!;
    let at = i * row;
    for (const [field, width] of widths.entries()) {
      for (let b = width - 1; b >= 0; b--) table[at++] = Math.floor(entry[field]! / 2 ** (8 * b)) & 0xff;
    }
  });
  const data = zlibSync(table);
  const head = `/Type /XRef /Size ${numbers.at(-1)! + 1} /Index [${indexRuns(numbers).join(' ')}] /W [${widths.join(' ')}] /Root ${refText(xref.catalog)}`;
  const parts = [encoder.encode(`${xref.num} 0 obj\n<< ${head} `)];
  // As written in the document's trailer: an /ID string may hold any byte.
  for (const entry of [xref.info, xref.id]) if (entry) parts.push(entry, encoder.encode(' '));
  parts.push(encoder.encode(`/Filter /FlateDecode /Length ${data.byteLength} >>\nstream\n`), data);
  parts.push(encoder.encode(`\nendstream\nendobj\nstartxref\n${xref.offset}\n%%EOF\n`));
  return joinBytes(parts);
}
