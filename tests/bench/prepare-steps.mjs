// The steps of preparing a fax as the Worker runs them (prepare-step.mjs), over files read in
// 64 KB pieces as the Worker reads an R2 object (storage/bucket.ts readObjectSource); `code` is
// the Worker's document functions bundled (large-fax-code.mjs).
import { createReadStream, createWriteStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { COVER, MAX_DOCUMENT_BYTES } from './scanned-documents.mjs';

const PIECE_BYTES = 64 * 1024;

async function fileSource(path) {
  const { size } = await stat(path);
  return {
    size,
    async read(offset, length) {
      const file = await open(path);
      try {
        const bytes = new Uint8Array(Math.max(0, Math.min(length, size - offset)));
        await file.read(bytes, 0, bytes.byteLength, offset);
        return bytes;
      } finally {
        await file.close();
      }
    },
    async *stream(offset) {
      if (offset >= size) return;
      for await (const piece of createReadStream(path, { start: offset, highWaterMark: PIECE_BYTES })) {
        yield new Uint8Array(piece.buffer, piece.byteOffset, piece.byteLength);
      }
    },
  };
}

export default (code) => ({
  // Completion of the upload: type, pages, MD5 and stream bounds, read once.
  'upload checked': async ({ document }) =>
    (await code.normalizeDocument(await fileSource(document), { maxBytes: MAX_DOCUMENT_BYTES, maxPages: 350 })).pageCount,
  // The dispatch: the cover page's update, then the document and the update streamed into the fax PDF.
  'fax PDF': async ({ document, fax }) => {
    const update = await code.coverPageUpdate(
      await code.scanPdf(await fileSource(document), { checkStreams: false }),
      code.coverPageSchema.parse(COVER),
    );
    async function* pieces() {
      yield* createReadStream(document, { highWaterMark: PIECE_BYTES });
      yield update.bytes;
    }
    await pipeline(pieces, createWriteStream(fax));
    return update.pageCount;
  },
  // Receiving it: the copy counted from storage.
  'received fax counted': async ({ fax }) => code.countPdfPages(await fileSource(fax)),
});
