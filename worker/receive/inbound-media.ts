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
  /** CARRIER_MEDIA_HOSTS: where the link, and every redirect it takes, may lead. */
  hosts: readonly string[];
}

/** A link that keeps redirecting is not a fax. */
const MAX_MEDIA_REDIRECTS = 3;

/** Whether `url` is https (or http locally) on one of the carrier's hosts (`.name`: any host under name). */
export function isCarrierMediaUrl(url: string, hosts: readonly string[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  const host = parsed.hostname.toLowerCase();
  return hosts.some((allowed) => (allowed.startsWith('.') ? host.endsWith(allowed) && host.length > allowed.length : host === allowed));
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
  const response = await fetchFromCarrier(url, limits);
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

/**
 * The media link's answer, following redirects by hand so that every hop stays on the carrier's
 * hosts: a forged or rewritten link must not make this Worker fetch anything else (SSRF).
 */
async function fetchFromCarrier(url: string, limits: MediaLimits): Promise<Response> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let next = url;
  for (let hop = 0; hop <= MAX_MEDIA_REDIRECTS; hop += 1) {
    if (!isCarrierMediaUrl(next, limits.hosts))
      throw new UnusableMedia(`media link leads outside the carrier's hosts: ${new URL(next).host}`);
    let response: Response;
    try {
      response = await fetch(next, { signal, redirect: 'manual' });
    } catch (err) {
      throw new MediaNotReady(err instanceof Error ? err.message : String(err));
    }
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) return response;
    await response.body?.cancel();
    next = new URL(location, next).toString();
  }
  throw new UnusableMedia(`media link redirects more than ${MAX_MEDIA_REDIRECTS} times`);
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
