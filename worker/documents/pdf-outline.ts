import { yieldToEventLoop } from './document-source';
import { isDict, isRef, nameOf, type PdfDict, PdfLexer, type PdfRef, PdfSyntaxError, type PdfValue, parseValue } from './pdf-syntax';

// What a scan (pdf-scan.ts) learns of a PDF without keeping its content: where each object is,
// the small objects themselves (dictionaries, arrays: the page tree, the catalog), the decoded
// object streams, and the trailer. Enough to count the pages and to append a cover page as an
// incremental update (fax-pdf.ts); the pages' content (images, drawing) is never held.

/** An object written at `offset` (`N G obj`); its value's bytes when it is small and not a stream. */
interface DirectEntry {
  kind: 'direct';
  offset: number;
  gen: number;
  value: Uint8Array | null;
  /** A stream's dictionary and where its data lies, when the scan was asked to keep them (a decrypted copy is written from them). */
  stream?: StreamSpan;
}

export interface StreamSpan {
  dict: Uint8Array;
  /** Offset of the first byte of data, and how many bytes of data there are. */
  start: number;
  length: number;
}

/** An object inside object stream `stream`, the `index`-th; `value` is a view into its decoded data. */
interface CompressedEntry {
  kind: 'compressed';
  stream: number;
  index: number;
  value: Uint8Array;
}

export type ObjectEntry = DirectEntry | CompressedEntry;

/** The trailer's entries that matter here, as the last trailer (or cross-reference stream) left them. */
export interface TrailerInfo {
  root: PdfRef | null;
  encrypted: boolean;
  /** The encryption dictionary: its object, or its bytes when written in the trailer itself. */
  encrypt: PdfRef | Uint8Array | null;
  /** `/Info …` and `/ID […]` as written, to carry into a new trailer. */
  info: Uint8Array | null;
  id: Uint8Array | null;
  /** The highest `/Size` named. */
  size: number;
}

export interface PdfOutline {
  /** Bytes in the document. */
  size: number;
  /** The version in the `%PDF-x.y` header, e.g. 1.4; null when it cannot be read. */
  version: number | null;
  /** Whether the last byte ends a line (an update may start right after it). */
  endsWithNewline: boolean;
  objects: Map<number, ObjectEntry>;
  trailer: TrailerInfo;
}

/**
 * The objects an object stream `stream` holds (decoded `data`): `N` pairs of (number, offset),
 * then their values from `First`. None when its header cannot be read.
 */
export function objectStreamEntries(stream: number, dict: PdfDict, data: Uint8Array): [number, CompressedEntry][] {
  const count = dict.entries.get('N');
  const first = dict.entries.get('First');
  if (typeof count !== 'number' || typeof first !== 'number' || first < 0 || first > data.byteLength) return [];
  const header = new PdfLexer(data.subarray(0, first));
  const pairs: [number, number][] = [];
  try {
    for (let i = 0; i < count; i++) {
      const num = header.value();
      const at = header.value();
      if (typeof num !== 'number' || typeof at !== 'number') return [];
      pairs.push([num, first + at]);
    }
  } catch {
    return [];
  }
  return pairs.flatMap(([num, at], index): [number, CompressedEntry][] => {
    const end = pairs[index + 1]?.[1] ?? data.byteLength;
    return at >= first && at <= end ? [[num, { kind: 'compressed', stream, index, value: data.subarray(at, end) }]] : [];
  });
}

/** The document's structure cannot be read as a PDF's (the page tree or catalog is missing or broken). */
export class PdfStructureError extends Error {}

// A page tree deeper than this is a loop in disguise or an attack: real ones are a few levels.
const MAX_TREE_DEPTH = 64;

/** The value of object `num`, or undefined when there is none (or it is too large to have been kept). */
export function objectValue(outline: PdfOutline, num: number): PdfValue | undefined {
  const entry = outline.objects.get(num);
  if (!entry?.value) return undefined;
  try {
    return parseValue(entry.value);
  } catch (error) {
    if (error instanceof PdfSyntaxError) return undefined;
    throw error;
  }
}

/** The value itself, or what a reference points at (undefined for a reference to nothing). */
export function resolve(outline: PdfOutline, value: PdfValue | undefined): PdfValue | undefined {
  let current = value;
  for (let hops = 0; isRef(current); hops++) {
    if (hops > 8) return undefined;
    current = objectValue(outline, current.num);
  }
  return current;
}

function dictAt(outline: PdfOutline, ref: PdfRef): PdfDict {
  const value = objectValue(outline, ref.num);
  if (!isDict(value)) throw new PdfStructureError(`object ${ref.num} is not a dictionary`);
  return value;
}

const latin1 = new TextDecoder('latin1');

/** The catalog the trailer names, or else the last object that says it is one (as pdf-lib recovers it). */
function catalogRef(outline: PdfOutline): PdfRef {
  const named = outline.trailer.root;
  if (named && isDict(objectValue(outline, named.num))) return named;
  let found: PdfRef | null = null;
  for (const [num, entry] of outline.objects) {
    if (!entry.value || !latin1.decode(entry.value).includes('/Catalog')) continue;
    const value = objectValue(outline, num);
    if (isDict(value) && nameOf(value.entries.get('Type')) === 'Catalog')
      found = { kind: 'ref', num, gen: entry.kind === 'direct' ? entry.gen : 0 };
  }
  if (!found) throw new PdfStructureError('no catalog');
  return found;
}

export interface PageTree {
  catalog: PdfRef;
  /** The root of the page tree (the catalog's /Pages). */
  root: PdfRef;
  pageCount: number;
}

/**
 * Nodes of the page tree read between two turns for other requests: each is a dictionary parsed
 * from the outline's bytes, and the largest fax's 350 took 25 ms in one turn (decision 054); a
 * document may have as many nodes as objects.
 */
const NODES_PER_TURN = 64;

/**
 * Walks the page tree from the catalog and counts its pages (leaves: /Type /Page, or a node
 * without /Kids and without a type). A node met twice is a loop: PdfStructureError.
 */
export async function readPageTree(outline: PdfOutline): Promise<PageTree> {
  const catalog = catalogRef(outline);
  const root = dictAt(outline, catalog).entries.get('Pages');
  if (!isRef(root)) throw new PdfStructureError('the catalog names no page tree');
  const seen = new Set<number>();
  const stack: [PdfValue, number][] = [[root, 0]];
  let pageCount = 0;
  for (let nodes = 1; stack.length > 0; nodes++) {
    if (nodes % NODES_PER_TURN === 0) await yieldToEventLoop();
    const [node, depth] = stack.pop()!;
    if (depth > MAX_TREE_DEPTH) throw new PdfStructureError('the page tree is too deep');
    if (isRef(node)) {
      if (seen.has(node.num)) throw new PdfStructureError(`the page tree meets object ${node.num} twice`);
      seen.add(node.num);
    }
    const dict = resolve(outline, node);
    if (!isDict(dict)) throw new PdfStructureError('a page tree node is not a dictionary');
    const kids = resolve(outline, dict.entries.get('Kids'));
    if (Array.isArray(kids)) {
      // Reversed onto the stack so pages are met in order (only the count is used today).
      for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i]!, depth + 1]);
      continue;
    }
    const type = nameOf(dict.entries.get('Type'));
    if (type === 'Page' || type === null) pageCount += 1;
  }
  return { catalog, root, pageCount };
}
