// The PDF object syntax (ISO 32000 §7.3), read from bytes: numbers, names, strings, arrays,
// dictionaries and references. Only what the page tree and the trailer need is kept (a string's
// bytes are not decoded); every dictionary entry remembers where it sits, so an object can be
// rewritten by splicing its bytes (fax-pdf.ts) instead of being parsed and written again whole.

export interface PdfName {
  kind: 'name';
  name: string;
}

export interface PdfRef {
  kind: 'ref';
  num: number;
  gen: number;
}

export interface PdfString {
  kind: 'string';
}

export interface PdfDict {
  kind: 'dict';
  entries: Map<string, PdfValue>;
  /** Where each entry sits: [key start, value end). */
  spans: Map<string, [number, number]>;
  /** The dictionary's bytes are [start, end), `<<` to `>>`. */
  start: number;
  end: number;
}

export type PdfValue = number | boolean | null | PdfName | PdfRef | PdfString | PdfDict | PdfValue[];

/** The bytes end before the value does: more of the file may complete it. */
export class IncompleteSyntax extends Error {}

/** The bytes are not PDF syntax. */
export class PdfSyntaxError extends Error {}

// Nested arrays and dictionaries deeper than this are an attack on the parser, not a document.
const MAX_DEPTH = 64;

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
// ( ) < > [ ] { } / %
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);

export function isWhitespace(byte: number | undefined): boolean {
  return byte !== undefined && WHITESPACE.has(byte);
}

export function isRegular(byte: number | undefined): boolean {
  return byte !== undefined && !WHITESPACE.has(byte) && !DELIMITERS.has(byte);
}

function isDigit(byte: number | undefined): boolean {
  return byte !== undefined && byte >= 0x30 && byte <= 0x39;
}

/**
 * A cursor over `bytes`; `pos` is where the next value starts. With `final`, the end of the bytes
 * ends a token; without, it throws IncompleteSyntax (the file goes on in bytes not read yet).
 */
export class PdfLexer {
  pos: number;

  constructor(
    readonly bytes: Uint8Array,
    start = 0,
    private readonly final = true,
  ) {
    this.pos = start;
  }

  /** True at the end of the bytes when more may follow. */
  private cutOff(ahead = 0): boolean {
    return !this.final && this.pos + ahead >= this.bytes.length;
  }

  private peek(ahead = 0): number | undefined {
    return this.bytes[this.pos + ahead];
  }

  private next(): number {
    const byte = this.bytes[this.pos];
    if (byte === undefined) throw this.final ? new PdfSyntaxError('a value cut off') : new IncompleteSyntax();
    this.pos += 1;
    return byte;
  }

  /** Skips whitespace and comments; a comment runs to the end of its line. */
  skipSpace(): void {
    for (;;) {
      const byte = this.peek();
      if (isWhitespace(byte)) {
        this.pos += 1;
      } else if (byte === 0x25) {
        while (this.peek() !== undefined && this.peek() !== 0x0a && this.peek() !== 0x0d) this.pos += 1;
        if (this.cutOff()) throw new IncompleteSyntax();
        if (this.peek() === undefined) return;
      } else {
        return;
      }
    }
  }

  /** A run of regular characters (a number or a keyword), as text. */
  token(): string {
    const start = this.pos;
    while (isRegular(this.peek())) this.pos += 1;
    // A token that reaches the end may go on in the next bytes.
    if (this.cutOff()) throw new IncompleteSyntax();
    return String.fromCharCode(...this.bytes.subarray(start, this.pos));
  }

  /** Whether `keyword` comes next as a whole token (nothing is consumed). */
  atKeyword(keyword: string): boolean {
    for (let i = 0; i < keyword.length; i++) {
      const byte = this.peek(i);
      if (this.cutOff(i)) throw new IncompleteSyntax();
      if (byte !== keyword.charCodeAt(i)) return false;
    }
    if (this.cutOff(keyword.length)) throw new IncompleteSyntax();
    return !isRegular(this.peek(keyword.length));
  }

  /** The value starting at the next non-space byte. */
  value(depth = 0): PdfValue {
    if (depth > MAX_DEPTH) throw new PdfSyntaxError('nested too deep');
    this.skipSpace();
    const byte = this.next();
    if (byte === 0x2f) return this.name();
    if (byte === 0x28) return this.literalString();
    if (byte === 0x5b) return this.array(depth);
    if (byte === 0x3c) {
      if (this.cutOff()) throw new IncompleteSyntax();
      if (this.peek() === 0x3c) {
        this.pos += 1;
        return this.dict(this.pos - 2, depth);
      }
      return this.hexString();
    }
    this.pos -= 1;
    if (isDigit(byte) || byte === 0x2b || byte === 0x2d || byte === 0x2e) return this.numberOrRef();
    const word = this.token();
    if (word === 'true') return true;
    if (word === 'false') return false;
    if (word === 'null') return null;
    throw new PdfSyntaxError(`unexpected ${word ? `"${word.slice(0, 20)}"` : `byte ${byte}`}`);
  }

  private name(): PdfName {
    const start = this.pos;
    while (isRegular(this.peek())) this.pos += 1;
    if (this.cutOff()) throw new IncompleteSyntax();
    const raw = String.fromCharCode(...this.bytes.subarray(start, this.pos));
    return { kind: 'name', name: raw.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) };
  }

  private literalString(): PdfString {
    let open = 1;
    while (open > 0) {
      const byte = this.next();
      if (byte === 0x5c) this.next();
      else if (byte === 0x28) open += 1;
      else if (byte === 0x29) open -= 1;
    }
    return { kind: 'string' };
  }

  private hexString(): PdfString {
    while (this.next() !== 0x3e) {
      // Hex digits and whitespace until the closing >.
    }
    return { kind: 'string' };
  }

  private array(depth: number): PdfValue[] {
    const items: PdfValue[] = [];
    for (;;) {
      this.skipSpace();
      if (this.peek() === undefined) throw this.cutOff() ? new IncompleteSyntax() : new PdfSyntaxError('an array without its end');
      if (this.peek() === 0x5d) {
        this.pos += 1;
        return items;
      }
      items.push(this.value(depth + 1));
    }
  }

  private dict(start: number, depth: number): PdfDict {
    const entries = new Map<string, PdfValue>();
    const spans = new Map<string, [number, number]>();
    for (;;) {
      this.skipSpace();
      const keyStart = this.pos;
      const byte = this.next();
      if (byte === 0x3e) {
        if (this.next() !== 0x3e) throw new PdfSyntaxError('">" where ">>" ends a dictionary');
        return { kind: 'dict', entries, spans, start, end: this.pos };
      }
      if (byte !== 0x2f) throw new PdfSyntaxError('a dictionary key that is not a name');
      const key = this.name().name;
      const value = this.value(depth + 1);
      // A repeated key: the last one counts, as in every reader.
      entries.set(key, value);
      spans.set(key, [keyStart, this.pos]);
    }
  }

  /** A number, or `num gen R` when two unsigned integers and R follow. */
  private numberOrRef(): number | PdfRef {
    const first = this.token();
    const value = Number(first);
    if (!Number.isFinite(value)) {
      // Readers take a malformed number (e.g. "--5" or "1.2.3") as 0 rather than fail the file.
      return 0;
    }
    if (!/^\d+$/.test(first)) return value;
    const mark = this.pos;
    try {
      this.skipSpace();
      if (!isDigit(this.peek())) return this.back(mark, value);
      const second = this.token();
      if (!/^\d+$/.test(second)) return this.back(mark, value);
      this.skipSpace();
      if (this.cutOff(1)) throw new IncompleteSyntax();
      if (this.peek() !== 0x52 || isRegular(this.peek(1))) return this.back(mark, value);
      this.pos += 1;
      return { kind: 'ref', num: value, gen: Number(second) };
    } catch (error) {
      // At the end of the bytes a lone number may still be a reference's start.
      if (error instanceof IncompleteSyntax) throw error;
      return this.back(mark, value);
    }
  }

  private back(mark: number, value: number): number {
    this.pos = mark;
    return value;
  }
}

/** The one value in `bytes` from `start` (the bytes are all there is). */
export function parseValue(bytes: Uint8Array, start = 0): PdfValue {
  return new PdfLexer(bytes, start).value();
}

export function isDict(value: PdfValue | undefined): value is PdfDict {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && value.kind === 'dict';
}

export function isRef(value: PdfValue | undefined): value is PdfRef {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && value.kind === 'ref';
}

/** The name a value is, or null. */
export function nameOf(value: PdfValue | undefined): string | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && value.kind === 'name' ? value.name : null;
}
