import { type DocumentSource, yieldToEventLoop } from './document-source';
import { type Decipher, PdfDecipher } from './pdf-decipher';
import { type PdfOutline, readPageTree, resolve } from './pdf-outline';
import { openWithoutPassword, type SecurityVerdict } from './pdf-security';
import { rewriteStrings, stringAt } from './pdf-strings';
import { isDict, nameOf, type PdfDict, parseValue } from './pdf-syntax';
import { crossReferenceStream, refText, withEntry, type XrefEntry } from './pdf-update';

// A PDF that opens without a password, written again in the clear (decision 037): a carrier, pdf-lib
// (the mail merge, the loopback network) and a cover page's update all need a document they can
// read, so the stored copy is decrypted once, at upload. Every object the scan kept is written
// with its strings and stream decrypted, object streams included (their objects stay inside
// them), then a cross-reference stream without /Encrypt. Read piece by piece from the source and
// handed on piece by piece: never held whole (decision 030).

const encoder = new TextEncoder();
/** A stream up to this size is decrypted in memory and written with its length; a longer one streams, its length after it. */
const SMALL_STREAM_BYTES = 1024 * 1024;
/** Bytes read from the source at a time. */
const WINDOW_BYTES = 1024 * 1024;

/** The first string of the trailer's /ID, as written (`/ID [<…> <…>]`): part of every key. */
function firstId(id: Uint8Array | null): Uint8Array {
  if (!id) return new Uint8Array(0);
  const open = id.indexOf(0x5b);
  return (open >= 0 && stringAt(id, open + 1)) || new Uint8Array(0);
}

/** Whether an encrypted document opens without a password, and its decipher when it does. */
export function openEncryptedPdf(outline: PdfOutline): { verdict: SecurityVerdict; decipher: PdfDecipher | null } {
  const { encrypt } = outline.trailer;
  const bytes = encrypt instanceof Uint8Array ? encrypt : encrypt ? outline.objects.get(encrypt.num)?.value : null;
  if (!bytes) return { verdict: { opens: false, reason: 'UNSUPPORTED' }, decipher: null };
  const verdict = openWithoutPassword(bytes, firstId(outline.trailer.id), (value) => resolve(outline, value));
  return { verdict, decipher: verdict.opens ? new PdfDecipher(verdict.security) : null };
}

/** Reads ranges of the source mostly in order, a window at a time (one storage read per megabyte, not per object). */
class WindowReader {
  private start = 0;
  private bytes: Uint8Array = new Uint8Array(0);
  constructor(private readonly source: DocumentSource) {}

  async read(offset: number, length: number): Promise<Uint8Array> {
    if (offset < this.start || offset + length > this.start + this.bytes.length) {
      this.start = offset;
      this.bytes = await this.source.read(offset, Math.max(length, WINDOW_BYTES));
    }
    return this.bytes.subarray(offset - this.start, offset - this.start + length);
  }
}

function dictOf(bytes: Uint8Array): PdfDict | null {
  try {
    const value = parseValue(bytes);
    return isDict(value) ? value : null;
  } catch {
    return null;
  }
}

/** The PDF `outline` (scanned with keepStreams and `decipher`) describes, decrypted, in pieces. */
export async function* decryptedPdf(source: DocumentSource, outline: PdfOutline, decipher: PdfDecipher): AsyncGenerator<Uint8Array> {
  const catalog = outline.trailer.root ?? (await readPageTree(outline)).catalog;
  const skipped = new Set<number>();
  if (outline.trailer.encrypt && !(outline.trailer.encrypt instanceof Uint8Array)) skipped.add(outline.trailer.encrypt.num);
  const direct = [...outline.objects].flatMap(([num, entry]) => (entry.kind === 'direct' && !skipped.has(num) ? [{ num, entry }] : []));
  direct.sort((a, b) => a.entry.offset - b.entry.offset);

  const entries = new Map<number, XrefEntry>();
  const reader = new WindowReader(source);
  let nextNumber = Math.max(outline.trailer.size, ...outline.objects.keys()) + 1;
  let offset = 0;
  let sinceTurn = 0;
  const emit = (bytes: Uint8Array): Uint8Array => {
    offset += bytes.byteLength;
    sinceTurn += bytes.byteLength;
    return bytes;
  };
  const version = Math.max(outline.version ?? 1.5, 1.5).toFixed(1);
  yield emit(encoder.encode(`%PDF-${version}\n%\u00e2\u00e3\u00cf\u00d3\n`));

  for (const { num, entry } of direct) {
    const strings = (bytes: Uint8Array): Uint8Array => rewriteStrings(bytes, (string) => decipher.string(num, entry.gen, string));
    if (!entry.stream) {
      if (!entry.value) continue; // unreadable where it stands: readers take it as null too
      entries.set(num, [1, offset, entry.gen]);
      yield emit(encoder.encode(`${num} ${entry.gen} obj\n`));
      yield emit(strings(entry.value));
      yield emit(encoder.encode('\nendobj\n'));
    } else {
      const dict = dictOf(entry.stream.dict);
      const type = nameOf(dict?.entries.get('Type'));
      if (!dict || type === 'XRef') continue; // ours replaces it
      const filters = dict.entries.get('Filter');
      const clear = (Array.isArray(filters) ? filters : [filters]).some((f) => nameOf(f) === 'Crypt') || decipher.leavesInClear(type);
      const plain: Decipher = decipher.stream(num, entry.gen, clear);
      const head = (length: string): Uint8Array => strings(withEntry(entry.stream!.dict, 'Length', length));
      entries.set(num, [1, offset, entry.gen]);
      yield emit(encoder.encode(`${num} ${entry.gen} obj\n`));
      const { start, length } = entry.stream;
      if (length <= SMALL_STREAM_BYTES) {
        const data = await reader.read(start, length);
        const decrypted = [plain.update(data), plain.final()];
        const size = decrypted[0]!.byteLength + decrypted[1]!.byteLength;
        yield emit(head(String(size)));
        yield emit(encoder.encode('\nstream\n'));
        for (const part of decrypted) yield emit(part);
      } else {
        const lengthNumber = nextNumber++;
        yield emit(head(refText({ kind: 'ref', num: lengthNumber, gen: 0 })));
        yield emit(encoder.encode('\nstream\n'));
        let size = 0;
        for (let at = start; at < start + length; at += WINDOW_BYTES) {
          const part = plain.update(await reader.read(at, Math.min(WINDOW_BYTES, start + length - at)));
          size += part.byteLength;
          yield emit(part);
          await yieldToEventLoop();
        }
        const last = plain.final();
        size += last.byteLength;
        yield emit(last);
        yield emit(encoder.encode('\nendstream\nendobj\n'));
        entries.set(lengthNumber, [1, offset, 0]);
        yield emit(encoder.encode(`${lengthNumber} 0 obj\n${size}\nendobj\n`));
        continue;
      }
      yield emit(encoder.encode('\nendstream\nendobj\n'));
    }
    if (sinceTurn > WINDOW_BYTES) {
      sinceTurn = 0;
      await yieldToEventLoop();
    }
  }
  for (const [num, entry] of outline.objects) {
    if (entry.kind === 'compressed' && entries.has(entry.stream)) entries.set(num, [2, entry.stream, entry.index]);
  }
  const { info, id } = outline.trailer;
  yield crossReferenceStream({ entries, num: nextNumber, offset, catalog, info, id });
}
