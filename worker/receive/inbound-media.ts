import type { InboundMedia } from '../carrier/types';
import { countPdfPages } from '../documents/pdf-check';
import { sniffDocumentKind } from '../documents/sniff';
import { joinChunks } from '../http/bytes';
import { readObject, readObjectInfo, writePdf } from '../storage/bucket';

// A received fax's PDF, copied into our own storage the moment the carrier announces it: a
// carrier's media link expires within minutes (Telnyx: about ten), so nothing may wait for the
// user to open it. The copy is idempotent: a redelivered event finds it in place.

interface StoredMedia {
  pageCount: number;
  size: number;
}

interface MediaLimits {
  maxBytes: number;
  timeoutMs: number;
}

/** Loopback media may only come from the loopback network's own corner of the bucket. */
const LOOPBACK_MEDIA_PREFIX = 'loopback/received/';

/** The carrier's answer is final (the link is gone or never was a fax): retrying cannot help. */
export class UnusableMedia extends Error {}

/** The link did not answer in time or answered 5xx: worth another try when the carrier redelivers. */
export class MediaNotReady extends Error {}

/**
 * Copies the media to `key` and answers its page count. Throws UnusableMedia when there is no
 * faxable PDF to keep, and any other error when a retry may succeed (the carrier then redelivers).
 */
export async function storeInboundMedia(
  env: Env,
  media: InboundMedia,
  key: string,
  limits: MediaLimits,
  announcedPages: number,
): Promise<StoredMedia> {
  const kept = await readObjectInfo(env, key);
  if (kept) return { pageCount: Number(kept.customMetadata?.pageCount) || announcedPages, size: kept.size };

  const bytes = 'r2Key' in media ? await readLoopbackMedia(env, media.r2Key) : await downloadMedia(media.url, limits);
  if (bytes.byteLength > limits.maxBytes) throw new UnusableMedia(`media of ${bytes.byteLength} bytes is over the limit`);
  if (sniffDocumentKind(bytes) !== 'pdf') throw new UnusableMedia('media is not a PDF');
  const pageCount = await pagesOf(bytes, announcedPages);
  await writePdf(env, key, bytes, { pageCount: String(pageCount) });
  return { pageCount, size: bytes.byteLength };
}

async function readLoopbackMedia(env: Env, r2Key: string): Promise<Uint8Array> {
  if (!r2Key.startsWith(LOOPBACK_MEDIA_PREFIX) || r2Key.includes('..')) throw new UnusableMedia('loopback media outside its prefix');
  const object = await readObject(env, r2Key);
  if (!object) throw new UnusableMedia('loopback media is gone');
  return new Uint8Array(await object.arrayBuffer());
}

async function downloadMedia(url: string, limits: MediaLimits): Promise<Uint8Array> {
  if (!url.startsWith('https://') && !url.startsWith('http://')) throw new UnusableMedia('media link is not http(s)');
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(limits.timeoutMs), redirect: 'follow' });
  } catch (err) {
    throw new MediaNotReady(err instanceof Error ? err.message : String(err));
  }
  // 4xx: the link expired or never worked, and the carrier's redelivery carries the same link.
  if (response.status >= 400 && response.status < 500) throw new UnusableMedia(`media link answered ${response.status}`);
  if (!response.ok) throw new MediaNotReady(`media link answered ${response.status}`);
  const declared = Number(response.headers.get('content-length'));
  if (declared > limits.maxBytes) {
    await response.body?.cancel();
    throw new UnusableMedia(`media of ${declared} bytes is over the limit`);
  }
  try {
    return await readAtMost(response.body, limits.maxBytes);
  } catch (err) {
    if (err instanceof UnusableMedia) throw err;
    throw new MediaNotReady(`media download broke off: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** The body, read no further than the limit (a link without a length may stream anything). */
async function readAtMost(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Uint8Array> {
  if (!body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > maxBytes) throw new UnusableMedia(`media is over ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  return joinChunks(chunks, size);
}

/**
 * The pages the PDF holds. A PDF that pdf-lib cannot walk is still kept (a browser's pdf.js is more
 * forgiving, and the fax is the user's): the carrier's count stands in then.
 */
async function pagesOf(bytes: Uint8Array, announcedPages: number): Promise<number> {
  try {
    return await countPdfPages(bytes);
  } catch {
    return Math.max(1, announcedPages);
  }
}
