import { joinBytes } from '../http/bytes';
import { type DocumentSource, yieldToEventLoop } from './document-source';
import type { Decipher, PdfDecipher } from './pdf-decipher';
import { type ObjectEntry, objectStreamEntries, type PdfOutline, type TrailerInfo } from './pdf-outline';
import { IncompleteSyntax, isDict, isRef, isRegular, isWhitespace, nameOf, type PdfDict, PdfLexer, PdfSyntaxError } from './pdf-syntax';
import { indexOfBytes, SourceReader } from './source-reader';
import { declaredImageBytes, FlateMeter, MAX_OBJECT_STREAM_DECODED_BYTES, MAX_STREAM_DECODED_BYTES, StreamTooLarge } from './stream-bounds';

// One pass over a PDF, front to back, as pdf-lib reads one (objects in the order they are written,
// a later one replacing an earlier one of the same number; the cross-reference tables are not
// trusted, so a file whose offsets are wrong reads as it did before), keeping only its outline
// (pdf-outline.ts). Stream data is stepped over by its /Length, never held; with `checkStreams`
// each Flate stream is inflated on the way and counted against its bound (stream-bounds.ts).

export interface ScanOptions {
  /** Inflate every Flate stream against its bound: an upload's check. */
  checkStreams: boolean;
  /** Handed every byte of the document once, in order (e.g. to hash it). */
  onBytes?: (bytes: Uint8Array) => void;
  /** An encrypted document's decipher: its object streams, and the streams checked, are decrypted first. */
  decipher?: PdfDecipher;
  /** Keep each stream's dictionary and where its data lies (pdf-decrypt.ts writes a copy from them). */
  keepStreams?: boolean;
}

/** The document's structure (not its content) is larger than a Worker can hold to read it. */
export class DocumentTooComplex extends Error {}

/** A page tree node or catalog is a few hundred bytes; an object value this large is never one. */
const MAX_VALUE_BYTES = 1024 * 1024;
/**
 * Everything the outline keeps: object values and decoded object streams. A 350-page scanned
 * document keeps about 200 KB; a Worker has 128 MB for everything.
 */
const MAX_OUTLINE_BYTES = 24 * 1024 * 1024;
const MAX_OBJECTS = 500_000;
/** The largest object number PDF allows (ISO 32000 annex C). */
const MAX_OBJECT_NUMBER = 8_388_607;

/**
 * Steps at the top level between two turns for other requests: a file of many small objects (or
 * of bytes between them that are no object) is read in steps, not by the megabyte.
 */
const STEPS_PER_TURN = 10_000;

const ENDSTREAM = new TextEncoder().encode('endstream');
const ENDOBJ = new TextEncoder().encode('endobj');
const TRAILER = new TextEncoder().encode('trailer');

function isDigit(byte: number | undefined): boolean {
  return byte !== undefined && byte >= 0x30 && byte <= 0x39;
}

function filtersOf(dict: PdfDict): (string | null)[] {
  const filter = dict.entries.get('Filter');
  return (Array.isArray(filter) ? filter : [filter]).map(nameOf);
}

function isFlate(dict: PdfDict): boolean {
  return filtersOf(dict)[0] === 'FlateDecode';
}

/** What a stream's data is fed to on the way: a Flate meter, or the bytes of an object stream kept as they are. */
interface StreamMeter {
  push(bytes: Uint8Array): Promise<void>;
  finish(): Promise<Uint8Array | null>;
  abandon(): void;
}

/** An unfiltered object stream's bytes, held to the bound an inflated one has. */
class RawObjectStream implements StreamMeter {
  private readonly parts: Uint8Array[] = [];
  private size = 0;
  async push(bytes: Uint8Array): Promise<void> {
    this.size += bytes.byteLength;
    if (this.size > MAX_OBJECT_STREAM_DECODED_BYTES)
      throw new StreamTooLarge(`an object stream passes ${MAX_OBJECT_STREAM_DECODED_BYTES} bytes`);
    this.parts.push(bytes.slice());
  }
  async finish(): Promise<Uint8Array | null> {
    return joinBytes(this.parts);
  }
  abandon(): void {
    this.parts.length = 0;
    this.size = 0;
  }
}

const CR = 0x0d;
const LF = 0x0a;

function startsWith(bytes: Uint8Array, pattern: Uint8Array): boolean {
  return pattern.every((byte, i) => bytes[i] === byte);
}

class PdfScan {
  readonly reader: SourceReader;
  private readonly objects = new Map<number, ObjectEntry>();
  private readonly trailer: TrailerInfo = { root: null, encrypted: false, encrypt: null, info: null, id: null, size: 0 };
  private kept = 0;

  constructor(
    private readonly source: DocumentSource,
    private readonly options: ScanOptions,
  ) {
    this.reader = new SourceReader(source, options.onBytes);
  }

  async run(): Promise<PdfOutline> {
    const head = await this.reader.fill(1024);
    const version = /%PDF-(\d\.\d)/.exec(new TextDecoder('latin1').decode(head))?.[1];
    for (let steps = 1; ; steps++) {
      const window = await this.reader.fill(64);
      if (window.byteLength === 0) break;
      await this.step(window);
      if (steps % STEPS_PER_TURN === 0) await yieldToEventLoop();
    }
    const last = this.source.size > 0 ? (await this.source.read(this.source.size - 1, 1))[0] : undefined;
    return {
      size: this.source.size,
      version: version ? Number(version) : null,
      endsWithNewline: last === 0x0a || last === 0x0d,
      objects: this.objects,
      trailer: this.trailer,
    };
  }

  /** Whether `window` reaches the end of the document (no more bytes can complete it). */
  private isFinal(window: Uint8Array): boolean {
    return this.reader.pos + window.byteLength >= this.source.size;
  }

  /** One step at the top level: whitespace, a comment, an object, a trailer, or a token passed over. */
  private async step(window: Uint8Array): Promise<void> {
    let spaces = 0;
    while (spaces < window.byteLength && isWhitespace(window[spaces])) spaces++;
    if (spaces > 0) return this.reader.advance(spaces);
    const first = window[0];
    if (first === 0x25) return this.skipComment();
    if (isDigit(first) && (await this.tryObject())) return;
    if (startsWith(window, TRAILER)) {
      this.reader.advance(TRAILER.byteLength);
      const trailer = await this.readValue();
      if (trailer && isDict(trailer.value)) this.noteTrailer(trailer.value, trailer.bytes);
      return;
    }
    let token = 0;
    while (token < window.byteLength && isRegular(window[token])) token++;
    this.reader.advance(Math.max(1, token));
  }

  private async skipComment(): Promise<void> {
    for (let window = this.reader.window(); window.byteLength > 0; window = await this.reader.fill(1)) {
      const cr = window.indexOf(0x0d);
      const lf = window.indexOf(0x0a);
      const end = cr < 0 ? lf : lf < 0 ? cr : Math.min(cr, lf);
      if (end >= 0) return this.reader.advance(end);
      this.reader.advance(window.byteLength);
    }
  }

  /** Reads `N G obj …` at the current position; false (nothing consumed) when it is not one. */
  private async tryObject(): Promise<boolean> {
    const offset = this.reader.pos;
    const header = await this.objectHeader();
    if (!header) return false;
    this.reader.advance(header.length);
    await this.readObject(header.num, header.gen, offset);
    return true;
  }

  /** `N G obj` at the current position: its numbers and length, or null. */
  private async objectHeader(): Promise<{ num: number; gen: number; length: number } | null> {
    for (let want = 32; want <= 256; want *= 2) {
      const window = await this.reader.fill(want);
      const lexer = new PdfLexer(window, 0, this.isFinal(window));
      try {
        const num = lexer.token();
        lexer.skipSpace();
        const gen = lexer.token();
        lexer.skipSpace();
        if (!/^\d+$/.test(num) || !/^\d+$/.test(gen) || !lexer.atKeyword('obj')) return null;
        return { num: Number(num), gen: Number(gen), length: lexer.pos + 3 };
      } catch (error) {
        if (!(error instanceof IncompleteSyntax)) return null;
      }
    }
    return null;
  }

  /**
   * The value at the current position and what follows it (`stream`, `endobj` or anything else),
   * consumed up to that keyword; null (and nothing consumed) when it is not PDF syntax or too large.
   */
  private async readValue(): Promise<{ value: ReturnType<PdfLexer['value']>; bytes: Uint8Array; next: 'stream' | 'endobj' | null } | null> {
    for (let want = 4096; ; want *= 2) {
      const window = await this.reader.fill(want);
      const lexer = new PdfLexer(window, 0, this.isFinal(window));
      try {
        const value = lexer.value();
        const bytes = window.subarray(0, lexer.pos);
        lexer.skipSpace();
        const next = lexer.atKeyword('stream') ? 'stream' : lexer.atKeyword('endobj') ? 'endobj' : null;
        this.reader.advance(lexer.pos + (next?.length ?? 0));
        return { value, bytes, next };
      } catch (error) {
        if (error instanceof PdfSyntaxError) return null;
        if (!(error instanceof IncompleteSyntax)) throw error;
        if (this.isFinal(window) || window.byteLength > MAX_VALUE_BYTES) return null;
      }
    }
  }

  private async readObject(num: number, gen: number, offset: number): Promise<void> {
    const read = await this.readValue();
    if (!read) {
      // Not readable (or larger than any page tree node): known to be there, its value not kept.
      this.define(num, { kind: 'direct', offset, gen, value: null });
      if (await this.reader.seekPattern(ENDOBJ)) this.reader.advance(ENDOBJ.byteLength);
      return;
    }
    if (read.next === 'stream' && isDict(read.value)) {
      const entry: ObjectEntry = { kind: 'direct', offset, gen, value: null };
      this.define(num, entry);
      await this.readStream(num, gen, read.value, read.bytes, entry);
      return;
    }
    const value = read.bytes.slice();
    this.keep(value.byteLength);
    this.define(num, { kind: 'direct', offset, gen, value });
  }

  private keep(bytes: number): void {
    this.kept += bytes;
    if (this.kept > MAX_OUTLINE_BYTES) throw new DocumentTooComplex(`the structure passes ${MAX_OUTLINE_BYTES} bytes`);
  }

  private define(num: number, entry: ObjectEntry): void {
    if (num < 1 || num > MAX_OBJECT_NUMBER || (entry.kind === 'direct' && entry.gen > 65535)) return;
    this.objects.set(num, entry);
    if (this.objects.size > MAX_OBJECTS) throw new DocumentTooComplex(`more than ${MAX_OBJECTS} objects`);
  }

  private noteTrailer(dict: PdfDict, bytes: Uint8Array): void {
    const root = dict.entries.get('Root');
    if (isRef(root)) this.trailer.root = root;
    const encrypt = dict.entries.get('Encrypt');
    if (encrypt !== undefined) {
      this.trailer.encrypted = true;
      const span = dict.spans.get('Encrypt')!;
      const written = bytes.subarray(span[0], span[1]);
      const open = indexOfBytes(written, new TextEncoder().encode('<<'));
      this.trailer.encrypt = isRef(encrypt) ? encrypt : isDict(encrypt) && open >= 0 ? written.slice(open) : null;
    }
    const info = dict.spans.get('Info');
    if (info && isRef(dict.entries.get('Info'))) this.trailer.info = bytes.slice(info[0], info[1]);
    const id = dict.spans.get('ID');
    if (id && Array.isArray(dict.entries.get('ID'))) this.trailer.id = bytes.slice(id[0], id[1]);
    const size = dict.entries.get('Size');
    if (typeof size === 'number' && Number.isSafeInteger(size)) this.trailer.size = Math.max(this.trailer.size, size);
  }

  /** A /Length written as a number, or as a reference to a number already read; null otherwise. */
  private lengthOf(dict: PdfDict): number | null {
    const length = dict.entries.get('Length');
    if (typeof length === 'number') return length;
    if (!isRef(length)) return null;
    const entry = this.objects.get(length.num);
    if (!entry?.value) return null;
    const lexer = new PdfLexer(entry.value);
    try {
      const value = lexer.value();
      return typeof value === 'number' ? value : null;
    } catch {
      return null;
    }
  }

  /** After `stream`: steps over its data, inflating it when asked, and keeps an object stream's objects. */
  private async readStream(num: number, gen: number, dict: PdfDict, dictBytes: Uint8Array, entry: ObjectEntry): Promise<void> {
    const type = nameOf(dict.entries.get('Type'));
    if (type === 'XRef') this.noteTrailer(dict, dictBytes);
    const objectStream = type === 'ObjStm';
    // An image no larger than the bound is not inflated: readers decode only the pixels it says it
    // has. A scanned page is such an image, and inflating 350 of them was most of the check's work.
    const declared = declaredImageBytes(dict);
    const check = this.options.checkStreams && (declared === null || declared > MAX_STREAM_DECODED_BYTES);
    const { decipher } = this.options;
    // A cross-reference stream is never encrypted, nor one the document says is in the clear.
    const clear = type === 'XRef' || filtersOf(dict).includes('Crypt') || Boolean(decipher?.leavesInClear(type));
    const meter = (): StreamMeter | null => {
      // An object stream written without a filter (qpdf's --qdf, some TeX engines) holds its objects as they are.
      const inflater =
        isFlate(dict) && (check || objectStream)
          ? new FlateMeter(objectStream ? MAX_OBJECT_STREAM_DECODED_BYTES : MAX_STREAM_DECODED_BYTES, objectStream)
          : objectStream && filtersOf(dict).every((filter) => filter === null)
            ? new RawObjectStream()
            : null;
      if (!inflater) return null;
      const plain: Decipher | null = decipher ? decipher.stream(num, gen, clear) : null;
      return {
        push: (bytes) => inflater.push(plain ? plain.update(bytes) : bytes),
        finish: async () => {
          if (plain) await inflater.push(plain.final());
          return inflater.finish();
        },
        abandon: () => inflater.abandon(),
      };
    };

    // The end of line after `stream` is not data.
    const eol = await this.reader.fill(2);
    this.reader.advance(eol[0] === CR && eol[1] === LF ? 2 : eol[0] === LF || eol[0] === CR ? 1 : 0);
    const start = this.reader.pos;
    const length = this.lengthOf(dict);
    let inflater = meter();
    let end = -1;
    if (length !== null && length >= 0 && start + length <= this.source.size) {
      await this.reader.skip(length, inflater ? (bytes) => inflater!.push(bytes) : undefined);
      end = start + length;
      if (!(await this.passKeyword(ENDSTREAM))) end = -1;
    }
    if (end < 0) {
      // A wrong /Length (or one not known yet): as readers do, the first `endstream` ends the data.
      await this.reader.seek(start);
      inflater?.abandon();
      inflater = meter();
      if (await this.reader.seekPattern(ENDSTREAM, inflater ? (bytes) => inflater!.push(bytes) : undefined)) {
        end = await this.dataEndBefore(this.reader.pos, start);
        this.reader.advance(ENDSTREAM.byteLength);
      } else end = this.source.size;
    }
    if (this.options.keepStreams && entry.kind === 'direct') {
      entry.stream = { dict: dictBytes.slice(), start, length: end - start };
      this.keep(dictBytes.byteLength);
    }
    const decoded = (await inflater?.finish()) ?? null;
    await this.passKeyword(ENDOBJ);
    if (objectStream && decoded) this.defineCompressed(num, dict, decoded);
  }

  /** Where data found by its `endstream` at `keyword` ends: before the end of line readers put there. */
  private async dataEndBefore(keyword: number, start: number): Promise<number> {
    const before = await this.source.read(Math.max(start, keyword - 2), Math.min(2, keyword - start));
    let end = keyword;
    if (before.at(-1) === LF) end--;
    if (before.at(-2) === CR && before.at(-1) === LF) end--;
    else if (before.at(-1) === CR) end--;
    return end;
  }

  /** Steps over whitespace and `keyword` when it comes next; false (nothing consumed) otherwise. */
  private async passKeyword(keyword: Uint8Array): Promise<boolean> {
    const window = await this.reader.fill(64);
    let at = 0;
    while (at < window.byteLength && isWhitespace(window[at])) at++;
    if (indexOfBytes(window.subarray(at, at + keyword.byteLength), keyword) !== 0) return false;
    this.reader.advance(at + keyword.byteLength);
    return true;
  }

  /** The objects an object stream holds, in place of earlier versions of them. */
  private defineCompressed(stream: number, dict: PdfDict, data: Uint8Array): void {
    this.keep(data.byteLength);
    for (const [num, entry] of objectStreamEntries(stream, dict, data)) this.define(num, entry);
  }
}

/** The outline of the PDF in `source`, read front to back once (twice over a stream whose /Length is wrong). */
export async function scanPdf(source: DocumentSource, options: ScanOptions): Promise<PdfOutline> {
  const scan = new PdfScan(source, options);
  try {
    return await scan.run();
  } finally {
    await scan.reader.close();
  }
}
