import { createInflate, type Inflate } from 'node:zlib';
import { yieldToEventLoop } from './document-source';
import { isDict, nameOf, type PdfDict, type PdfValue } from './pdf-syntax';

// Bounds on what a PDF's compressed streams decode to (tests/unit/documents-normalize.test.ts): a 204 KB PDF holding
// a deflate stream of 200 MB took the local server near 0.9 GB, and a Worker has 128 MB. Each
// Flate stream is inflated here as it streams by (pdf-scan.ts), its output counted and dropped
// (memory stays at a few pieces), and the document is refused as soon as one grows past its bound.
// Object streams, which the scan keeps decoded, get the tighter bound.

/**
 * No single fax page's stream needs more: a 300 dpi colour letter page is about 25 MB decoded, and
 * a fax is sent at 200 dpi in black and white. Counting up to it allocates this much output, each
 * piece garbage at once. Measured with a 200 MB bomb (`npm run bench`): the local server's memory
 * rose 202 MB with the runtime's DecompressionStream, 51-60 MB with fflate fed 1 KB at a time, and
 * 20 MB with node:zlib fed 4 KB at a time. Locally V8 collects that garbage late; a Worker's 128 MB
 * limit makes it collect sooner.
 */
export const MAX_STREAM_DECODED_BYTES = 32 * 1024 * 1024;
/** Object streams only list objects; the scan holds them decoded in memory. */
export const MAX_OBJECT_STREAM_DECODED_BYTES = 16 * 1024 * 1024;

// The inflater is fed 4 KB at a time and waits for the output of each before the next: deflate
// expands at most about 1,032 to 1, so no more than about 4 MB of output exists at any moment.
// (The runtime's DecompressionStream wrote all of its output ahead of the reader: a 200 KB
// stream raised the server's memory by 203 MB.) node:zlib inflates natively, about six times as
// fast as fflate in JavaScript: a 350-page scan decodes in about a second rather than six.
const INPUT_SLICE_BYTES = 4096;
// Inflating is the one long piece of CPU work in reading a PDF: the scan lets other requests in
// after about this much output (a few milliseconds; a Worker's clock stands still while it runs,
// so the work is measured in bytes, not time).
const YIELD_AFTER_DECODED_BYTES = 4 * 1024 * 1024;

const COMPONENTS: Readonly<Record<string, number>> = { DeviceGray: 1, DeviceRGB: 3, DeviceCMYK: 4, CalGray: 1, CalRGB: 3, Lab: 3 };

function positive(value: PdfValue | undefined, fallback: number): number {
  return typeof value === 'number' && value >= 1 ? value : fallback;
}

/**
 * The bytes an image's pixels take decoded, from its dictionary: what any reader decodes of its
 * data, which it reads no further. Null when the stream is not an image whose only filter is
 * Flate, or does not say its size. A colour space other than a device one counts as four
 * components, the most any has; a predictor's rows count when they are wider.
 */
export function declaredImageBytes(dict: PdfDict): number | null {
  const filter = dict.entries.get('Filter');
  if (nameOf(dict.entries.get('Subtype')) !== 'Image' || (Array.isArray(filter) && filter.length !== 1)) return null;
  const width = dict.entries.get('Width');
  const height = dict.entries.get('Height');
  if (typeof width !== 'number' || typeof height !== 'number' || width < 1 || height < 1) return null;
  const mask = dict.entries.get('ImageMask') === true;
  const bits = mask ? 1 : positive(dict.entries.get('BitsPerComponent'), 8);
  const components = mask ? 1 : (COMPONENTS[nameOf(dict.entries.get('ColorSpace')) ?? ''] ?? 4);
  let row = Math.ceil((width * components * bits) / 8);
  const parameters = dict.entries.get('DecodeParms');
  if (isDict(parameters)) {
    const { entries } = parameters;
    row = Math.max(
      row,
      Math.ceil(
        (positive(entries.get('Columns'), 1) * positive(entries.get('Colors'), 1) * positive(entries.get('BitsPerComponent'), 8)) / 8,
      ),
    );
  }
  // A PNG predictor adds a byte to each row.
  return (row + 1) * height;
}

/** The Flate stream decoded past its bound. */
export class StreamTooLarge extends Error {}

/**
 * Inflates one Flate stream pushed piece by piece: counts its output against `limit`, and keeps
 * it when `keep` (an object stream). Data that is not zlib, or breaks off, ends the count where it
 * stopped: a reader cannot decode more of it either.
 */
export class FlateMeter {
  private size = 0;
  private stopped = false;
  private readonly kept: Uint8Array[] = [];
  private sinceYield = 0;
  private readonly inflater: Inflate = createInflate();
  private readonly done: Promise<void>;

  constructor(
    private readonly limit: number,
    private readonly keep: boolean,
  ) {
    this.inflater.on('data', (chunk: Uint8Array) => {
      this.size += chunk.byteLength;
      this.sinceYield += chunk.byteLength;
      if (this.keep && this.size <= this.limit) this.kept.push(chunk);
      if (this.size > this.limit) this.stop();
    });
    this.done = new Promise((resolve) => {
      this.inflater.once('end', resolve);
      this.inflater.once('close', resolve);
      // Not zlib data, or something after its end: what it gave until then is what there is.
      this.inflater.on('error', () => {
        this.stopped = true;
        resolve();
      });
    });
  }

  private stop(): void {
    this.stopped = true;
    this.inflater.destroy();
  }

  /** Drops the stream unfinished (its data is to be read again from elsewhere). */
  abandon(): void {
    if (!this.stopped) this.stop();
  }

  private overLimit(): StreamTooLarge {
    return new StreamTooLarge(`a stream decodes past ${this.limit} bytes`);
  }

  /** Feeds the next piece of the stream's data; throws StreamTooLarge past the bound. */
  async push(data: Uint8Array): Promise<void> {
    for (let at = 0; at < data.byteLength && !this.stopped; at += INPUT_SLICE_BYTES) {
      const written = new Promise<void>((resolve) => this.inflater.write(data.subarray(at, at + INPUT_SLICE_BYTES), () => resolve()));
      await Promise.race([written, this.done]);
      if (this.size > this.limit) throw this.overLimit();
      if (this.sinceYield >= YIELD_AFTER_DECODED_BYTES) {
        this.sinceYield = 0;
        await yieldToEventLoop();
      }
    }
    if (this.size > this.limit) throw this.overLimit();
  }

  /** Ends the stream; answers what it decoded to when kept (null when nothing, or not kept). */
  async finish(): Promise<Uint8Array | null> {
    if (!this.stopped) this.inflater.end();
    await this.done;
    if (this.size > this.limit) throw this.overLimit();
    if (!this.keep || this.size === 0) return null;
    const bytes = new Uint8Array(this.size);
    let at = 0;
    for (const chunk of this.kept) {
      bytes.set(chunk, at);
      at += chunk.byteLength;
    }
    return bytes;
  }
}
