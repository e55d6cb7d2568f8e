import { Unzlib } from 'fflate';

// Bounds on what a PDF's compressed streams decode to (issue 15, finding 2): a 204 KB PDF holding
// a deflate stream of 200 MB took the local server near 0.9 GB, and a Worker has 128 MB. Each
// Flate stream is inflated here as a stream, its output counted and dropped (memory stays at one
// chunk), and the document is refused as soon as one grows past its bound. Object streams, which
// pdf-lib decodes whole when it reads a file, get the tighter bound.

/**
 * No single fax page's stream needs more: a 300 dpi colour letter page is about 25 MB decoded, and
 * a fax is sent at 200 dpi in black and white. Counting up to it allocates this much output, each
 * piece garbage at once. Measured with a 200 MB bomb (`npm run bench`): the local server's memory
 * rose 202 MB with the runtime's DecompressionStream, 66 MB with this inflater at a 64 MB bound,
 * and 51-60 MB at this one. Locally V8 collects that garbage late; a Worker's 128 MB limit makes it
 * collect sooner.
 */
export const MAX_STREAM_DECODED_BYTES = 32 * 1024 * 1024;
/** Object streams only list objects; pdf-lib holds them decoded in memory. */
export const MAX_OBJECT_STREAM_DECODED_BYTES = 16 * 1024 * 1024;

const DICT_WINDOW = 4096;
const INPUT_SLICE_BYTES = 1024;
const latin1 = new TextDecoder('latin1');

interface FlateStream {
  data: Uint8Array;
  objectStream: boolean;
}

const STREAM = new TextEncoder().encode('stream');
const ENDSTREAM = new TextEncoder().encode('endstream');

/** Where `pattern` next occurs in `bytes` from `from`, or -1 (no copy of the file is made). */
function indexOfBytes(bytes: Uint8Array, pattern: Uint8Array, from: number): number {
  for (let at = bytes.indexOf(pattern[0]!, from); at >= 0 && at + pattern.length <= bytes.length; at = bytes.indexOf(pattern[0]!, at + 1)) {
    let i = 1;
    while (i < pattern.length && bytes[at + i] === pattern[i]) i++;
    if (i === pattern.length) return at;
  }
  return -1;
}

/**
 * The Flate-encoded streams of a PDF, found by their keywords (no parser: this runs before one).
 * Works on the bytes: only each stream's dictionary, a few KB, is ever turned into text.
 */
function* flateStreams(bytes: Uint8Array): Generator<FlateStream> {
  for (let at = indexOfBytes(bytes, STREAM, 0); at >= 0; at = indexOfBytes(bytes, STREAM, at + STREAM.length)) {
    // `stream` then an end of line; `endstream` is not a start.
    const eol = bytes[at + STREAM.length] === 0x0d ? 2 : 1;
    if (bytes[at + STREAM.length + eol - 1] !== 0x0a) continue;
    const own = latin1.decode(bytes.subarray(Math.max(0, at - DICT_WINDOW), at));
    const dict = own.slice(own.lastIndexOf(' obj') + 1);
    if (!/\/FlateDecode\b/.test(dict)) continue;
    const start = at + STREAM.length + eol;
    const end = indexOfBytes(bytes, ENDSTREAM, start);
    if (end < 0) return;
    // The end-of-line before `endstream` is not data (zlib refuses anything after its end).
    const length = Number(/\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict)?.[1]);
    const dataEnd = Number.isSafeInteger(length) && start + length <= end ? start + length : end;
    yield { data: bytes.subarray(start, dataEnd), objectStream: /\/Type\s*\/ObjStm\b/.test(dict) };
    at = end;
  }
}

/**
 * Bytes the stream decodes to, counted up to `limit` (answers limit + 1 past it); null when it is
 * not valid zlib data. The inflater is fed 1 KB at a time and each piece of output is counted and
 * dropped at once: deflate expands at most about 1,032 to 1, so no more than about 1 MB of output
 * exists at any moment. (The runtime's DecompressionStream wrote all of its output ahead of the
 * reader: a 200 KB stream raised the server's memory by 203 MB before it was refused.)
 */
function decodedSize(data: Uint8Array, limit: number): number | null {
  let size = 0;
  const inflater = new Unzlib((chunk) => {
    size += chunk.byteLength;
  });
  try {
    for (let at = 0; at < data.byteLength && size <= limit; at += INPUT_SLICE_BYTES) {
      inflater.push(data.subarray(at, at + INPUT_SLICE_BYTES), at + INPUT_SLICE_BYTES >= data.byteLength);
    }
  } catch {
    // Not zlib data, or something after its end: what it gave until then still counts.
    return size > 0 ? Math.min(size, limit + 1) : null;
  }
  return size > limit ? limit + 1 : size;
}

/** Whether any Flate stream of the PDF decodes past its bound. */
export async function hasOversizedStream(bytes: Uint8Array): Promise<boolean> {
  for (const stream of flateStreams(bytes)) {
    const limit = stream.objectStream ? MAX_OBJECT_STREAM_DECODED_BYTES : MAX_STREAM_DECODED_BYTES;
    const size = decodedSize(stream.data, limit);
    if (size !== null && size > limit) return true;
  }
  return false;
}
