import { Buffer } from 'node:buffer';
import type { ObjectEntry, PageTree, PdfOutline } from './pdf-outline';
import type { PdfRef } from './pdf-syntax';

// What appending a cover page needs of a document (fax-pdf.ts, pdf-update.ts): where each object
// is, the trailer's entries, and the bytes of the catalog and of the page tree's root. The upload's
// check learns all of it on its one pass over the document; kept beside the stored document (a few
// KB for 350 pages), it spares the fax's dispatch a second pass over up to 50 MB (decision 052).
// Only the two values the update rewrites are kept: the page tree is counted once, at upload.

const FORMAT = 1;
/**
 * Kept only up to this size (about 40,000 objects; a 350-page scan has about 1,000): reading a
 * larger one back would hold more than the pass it spares.
 */
export const MAX_KEPT_OUTLINE_BYTES = 1024 * 1024;
const DIRECT = 1;
const COMPRESSED = 2;

/** An outline read back: the document's objects and trailer as the update needs them, and its page tree. */
export interface KeptOutline {
  outline: PdfOutline;
  tree: PageTree;
}

interface Stored {
  format: number;
  size: number;
  version: number | null;
  endsWithNewline: boolean;
  trailerSize: number;
  info: string | null;
  id: string | null;
  catalog: [number, number];
  root: [number, number];
  pageCount: number;
  catalogValue: string;
  rootValue: string;
  /** Four numbers an object: its number, DIRECT or COMPRESSED, then offset and generation, or stream and index. */
  objects: number[];
}

const base64 = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
const fromBase64 = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'base64'));

/**
 * The outline of a checked, unencrypted document as bytes to keep beside it; null when the values
 * the update rewrites were too large to have been kept (the dispatch then reads the document again).
 */
export function keptOutlineBytes(outline: PdfOutline, tree: PageTree): Uint8Array | null {
  const catalogValue = outline.objects.get(tree.catalog.num)?.value;
  const rootValue = outline.objects.get(tree.root.num)?.value;
  if (!catalogValue || !rootValue || outline.trailer.encrypted) return null;
  const objects: number[] = [];
  for (const [num, entry] of outline.objects) {
    if (entry.kind === 'direct') objects.push(num, DIRECT, entry.offset, entry.gen);
    else objects.push(num, COMPRESSED, entry.stream, entry.index);
  }
  const stored: Stored = {
    format: FORMAT,
    size: outline.size,
    version: outline.version,
    endsWithNewline: outline.endsWithNewline,
    trailerSize: outline.trailer.size,
    info: outline.trailer.info && base64(outline.trailer.info),
    id: outline.trailer.id && base64(outline.trailer.id),
    catalog: [tree.catalog.num, tree.catalog.gen],
    root: [tree.root.num, tree.root.gen],
    pageCount: tree.pageCount,
    catalogValue: base64(catalogValue),
    rootValue: base64(rootValue),
    objects,
  };
  const bytes = new TextEncoder().encode(JSON.stringify(stored));
  return bytes.byteLength <= MAX_KEPT_OUTLINE_BYTES ? bytes : null;
}

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const isRefPair = (value: unknown): value is [number, number] => Array.isArray(value) && value.length === 2 && value.every(isCount);
const isBase64 = (value: unknown): value is string => typeof value === 'string' && /^[A-Za-z0-9+/]*={0,2}$/.test(value);

function isStored(value: unknown, documentSize: number): value is Stored {
  if (typeof value !== 'object' || value === null) return false;
  const stored = value as Partial<Stored>;
  return (
    stored.format === FORMAT &&
    stored.size === documentSize &&
    (stored.version === null || typeof stored.version === 'number') &&
    typeof stored.endsWithNewline === 'boolean' &&
    isCount(stored.trailerSize) &&
    (stored.info === null || isBase64(stored.info)) &&
    (stored.id === null || isBase64(stored.id)) &&
    isRefPair(stored.catalog) &&
    isRefPair(stored.root) &&
    isCount(stored.pageCount) &&
    isBase64(stored.catalogValue) &&
    isBase64(stored.rootValue) &&
    Array.isArray(stored.objects) &&
    stored.objects.length % 4 === 0 &&
    stored.objects.every(isCount)
  );
}

const ref = ([num, gen]: [number, number]): PdfRef => ({ kind: 'ref', num, gen });

/**
 * The outline kept for a document of `documentSize` bytes; null when the bytes are not one (another
 * format, another document's size, damaged): the caller reads the document instead.
 */
export function readKeptOutline(bytes: Uint8Array, documentSize: number): KeptOutline | null {
  let stored: unknown;
  try {
    stored = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null;
  }
  if (!isStored(stored, documentSize)) return null;
  const tree = { catalog: ref(stored.catalog), root: ref(stored.root), pageCount: stored.pageCount };
  const objects = new Map<number, ObjectEntry>();
  const { objects: flat } = stored;
  for (let at = 0; at < flat.length; at += 4) {
    const [num, kind, a, b] = [flat[at]!, flat[at + 1]!, flat[at + 2]!, flat[at + 3]!];
    objects.set(
      num,
      kind === DIRECT
        ? { kind: 'direct', offset: a, gen: b, value: null }
        : { kind: 'compressed', stream: a, index: b, value: new Uint8Array(0) },
    );
  }
  const keep = (num: number, value: Uint8Array): void => {
    const entry = objects.get(num);
    if (entry) objects.set(num, { ...entry, value });
  };
  keep(tree.catalog.num, fromBase64(stored.catalogValue));
  keep(tree.root.num, fromBase64(stored.rootValue));
  if (!objects.get(tree.catalog.num)?.value?.byteLength || !objects.get(tree.root.num)?.value?.byteLength) return null;
  const trailer = {
    root: tree.catalog,
    encrypted: false,
    encrypt: null,
    info: stored.info === null ? null : fromBase64(stored.info),
    id: stored.id === null ? null : fromBase64(stored.id),
    size: stored.trailerSize,
  };
  const outline = { size: stored.size, version: stored.version, endsWithNewline: stored.endsWithNewline, objects, trailer };
  return { outline, tree };
}
