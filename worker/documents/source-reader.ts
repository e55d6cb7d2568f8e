import { type DocumentSource, yieldToEventLoop } from './document-source';

// Reading a document front to back in the pieces storage hands over, holding only what is being
// looked at: a small window for PDF syntax, nothing for stream data, which passes straight to
// whoever wants it (an inflater, a hash) and is dropped. Going back is possible (a new read from
// storage), so a wrong stream length can be corrected the way readers do.

const EMPTY = new Uint8Array(0);

/** Takes bytes passed over (they are not kept by the reader). */
type Consumer = (bytes: Uint8Array) => void | Promise<void>;

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.byteLength === 0) return b;
  const joined = new Uint8Array(a.byteLength + b.byteLength);
  joined.set(a);
  joined.set(b, a.byteLength);
  return joined;
}

/** Where `pattern` first occurs in `bytes` from `from`, or -1 (no copy of the bytes is made). */
export function indexOfBytes(bytes: Uint8Array, pattern: Uint8Array, from = 0): number {
  const first = pattern[0]!;
  for (let at = bytes.indexOf(first, from); at >= 0 && at + pattern.length <= bytes.length; at = bytes.indexOf(first, at + 1)) {
    let i = 1;
    while (i < pattern.length && bytes[at + i] === pattern[i]) i++;
    if (i === pattern.length) return at;
  }
  return -1;
}

/** A window grows by at least this much at a time (fewer, larger copies). */
const MIN_TAKE_BYTES = 4096;
/**
 * Pieces already waiting in a stream are handed over without going back to the event loop, so a
 * document that arrives fast would be read through in one go: other requests get their turn
 * after this many bytes (a few milliseconds of our work; locally also of the R2 stand-in's, whose
 * reads share the thread: decision 054).
 */
const YIELD_AFTER_BYTES = 256 * 1024;

export class SourceReader {
  /** Absolute offset of the next unread byte, `window()[0]`. */
  pos = 0;
  /** The unread bytes the syntax looks at, in one piece. */
  private buffer: Uint8Array = EMPTY;
  /** Unread bytes after `buffer`, still a view of what storage handed over: stream data is never copied. */
  private rest: Uint8Array = EMPTY;
  private pieces: AsyncIterator<Uint8Array> | null = null;
  /** Absolute offset of the next byte `pieces` yields. */
  private streamAt = 0;
  /** Every byte before this went to `onBytes` once, in order. */
  private observedTo = 0;
  private sinceYield = 0;

  constructor(
    private readonly source: DocumentSource,
    private readonly onBytes?: (bytes: Uint8Array) => void,
  ) {}

  /** The unread bytes already in one piece. */
  window(): Uint8Array {
    return this.buffer;
  }

  private async pull(): Promise<Uint8Array | null> {
    this.pieces ??= this.source.stream(this.streamAt)[Symbol.asyncIterator]();
    const { done, value } = await this.pieces.next();
    if (done) return null;
    this.sinceYield += value.byteLength;
    if (this.sinceYield >= YIELD_AFTER_BYTES) {
      this.sinceYield = 0;
      await yieldToEventLoop();
    }
    const at = this.streamAt;
    this.streamAt += value.byteLength;
    const end = this.streamAt;
    if (this.onBytes && end > this.observedTo) {
      this.onBytes(value.subarray(Math.max(0, this.observedTo - at)));
      this.observedTo = end;
    }
    return value;
  }

  /** The next unread bytes after the window, as they came: null at the end. */
  private async next(): Promise<Uint8Array | null> {
    if (this.rest.byteLength > 0) {
      const rest = this.rest;
      this.rest = EMPTY;
      return rest;
    }
    return this.pull();
  }

  /** At least `n` unread bytes in the window (fewer only at the end); answers the window. */
  async fill(n: number): Promise<Uint8Array> {
    while (this.buffer.byteLength < n) {
      const piece = await this.next();
      if (piece === null) break;
      if (this.buffer.byteLength === 0) {
        this.buffer = piece;
        continue;
      }
      const take = Math.min(piece.byteLength, Math.max(n - this.buffer.byteLength, MIN_TAKE_BYTES));
      this.buffer = concat(this.buffer, piece.subarray(0, take));
      this.rest = piece.subarray(take);
    }
    return this.buffer;
  }

  advance(n: number): void {
    this.buffer = this.buffer.subarray(n);
    this.pos += n;
    if (this.buffer.byteLength === 0 && this.rest.byteLength > 0) {
      this.buffer = this.rest;
      this.rest = EMPTY;
    }
  }

  /** Moves `n` bytes on, handing them to `consume` piece by piece without keeping them. */
  async skip(n: number, consume?: Consumer): Promise<void> {
    let left = n;
    while (left > 0) {
      if (this.buffer.byteLength === 0) {
        const piece = await this.next();
        if (piece === null) return;
        this.buffer = piece;
      }
      const part = this.buffer.subarray(0, left);
      if (consume) await consume(part);
      this.advance(part.byteLength);
      left -= part.byteLength;
    }
  }

  /**
   * Moves to the next `pattern`, handing the bytes before it to `consume`; answers true there,
   * false at the end of the document (everything handed over).
   */
  async seekPattern(pattern: Uint8Array, consume?: Consumer): Promise<boolean> {
    for (;;) {
      const found = indexOfBytes(this.buffer, pattern);
      if (found >= 0) {
        if (consume && found > 0) await consume(this.buffer.subarray(0, found));
        this.advance(found);
        return true;
      }
      // The pattern may start in the last few bytes and end in the next piece.
      const passed = Math.max(0, this.buffer.byteLength - (pattern.byteLength - 1));
      if (consume && passed > 0) await consume(this.buffer.subarray(0, passed));
      this.advance(passed);
      const piece = await this.next();
      if (piece === null) {
        if (consume && this.buffer.byteLength > 0) await consume(this.buffer);
        this.advance(this.buffer.byteLength);
        return false;
      }
      // Joined (copied) only when the pattern may span them: a piece shorter than the pattern, or
      // a match across the two. Otherwise what was passed goes, and the piece is looked at as it came.
      const short = piece.byteLength < pattern.byteLength;
      if (short || indexOfBytes(concat(this.buffer, piece.subarray(0, pattern.byteLength - 1)), pattern) >= 0) {
        this.buffer = concat(this.buffer, piece);
        continue;
      }
      if (consume && this.buffer.byteLength > 0) await consume(this.buffer);
      this.pos += this.buffer.byteLength;
      this.buffer = piece;
    }
  }

  /**
   * Continues from `offset`: within the bytes in memory it is a step, otherwise a new read from
   * storage. Only ever backwards past them: bytes skipped forward would never reach `onBytes`.
   */
  async seek(offset: number): Promise<void> {
    const held = this.buffer.byteLength + this.rest.byteLength;
    if (offset >= this.pos && offset <= this.pos + held) {
      let step = offset - this.pos;
      while (step > 0) {
        const part = Math.min(step, this.buffer.byteLength);
        this.advance(part);
        step -= part;
      }
      return;
    }
    await this.close();
    this.buffer = EMPTY;
    this.rest = EMPTY;
    this.pos = offset;
    this.streamAt = offset;
  }

  async close(): Promise<void> {
    const pieces = this.pieces;
    this.pieces = null;
    await pieces?.return?.();
  }
}
