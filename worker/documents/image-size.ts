// An image's size read from its header, before anything decodes it (tests/unit/documents-normalize.test.ts): a 97 KB
// PNG of 10000 × 10000 pixels took the local server to 1.1 GB while it was turned into a page,
// and a Worker has 128 MB. A fax page is about 1700 × 2200 pixels (3.7 megapixels).

/** pdf-lib decodes a PNG's pixels (about 11 bytes each at peak): 6 MP stays near 66 MB. */
export const MAX_PNG_PIXELS = 6_000_000;
/** A JPEG is embedded as it is, never decoded: only its header is read. A 50 MP phone photo passes. */
export const MAX_JPEG_PIXELS = 60_000_000;
/**
 * An image becomes its page in memory: its bytes and the PDF around them, about twice its size
 * (a 49 MB JPEG raised the process 51 MB above its own bytes, and its PDF was over 50 MB anyway).
 * A fax page needs a few hundred KB; past this an image is refused before it is read (decision 030).
 */
export const MAX_IMAGE_FILE_BYTES = 20 * 1024 * 1024;

export interface ImageSize {
  width: number;
  height: number;
}

/** A PNG's size from its IHDR chunk, or null when the header is not a PNG's. */
export function pngSize(bytes: Uint8Array): ImageSize | null {
  if (bytes.length < 24) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Signature (8 bytes), then the first chunk's length (4) and type, which must be IHDR.
  if (String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return null;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** SOF markers (frame headers) carry the size; C4, C8 and CC are other segments with the same prefix. */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** A JPEG's size from its first frame header, walking the segments; null when there is none. */
export function jpegSize(bytes: Uint8Array): ImageSize | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 2; // after SOI
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // markers without a length
      continue;
    }
    if (isStartOfFrame(marker)) return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    if (marker === 0xda || marker === 0xd9) return null; // image data before any frame header
    at += 2 + view.getUint16(at + 2);
  }
  return null;
}

/** Whether an image of this kind and size may become a page; null size (unreadable header) is left to the decoder. */
export function isTooManyPixels(kind: 'png' | 'jpeg', size: ImageSize): boolean {
  return size.width * size.height > (kind === 'png' ? MAX_PNG_PIXELS : MAX_JPEG_PIXELS);
}
