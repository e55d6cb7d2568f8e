import type { InboundMedia } from '../carrier/types';
import type { DocumentSource } from '../documents/document-source';
import { countPdfPages } from '../documents/pdf-check';
import { SNIFF_BYTES, sniffDocumentKind } from '../documents/sniff';
import { copyObject, readObjectInfo, readObjectSource } from '../storage/bucket';
import { MediaNotReady, UnusableMedia } from './media-errors';
import { storeMediaStream } from './media-stream';

// A received fax's PDF, copied into our own storage the moment the carrier announces it: a
// carrier's media link expires within minutes (Telnyx: about ten), so nothing may wait for the
// user to open it. The copy is idempotent: a redelivered event finds it in place. The PDF streams
// from the carrier into R2 and is then read piece by piece to count its pages: a 50 MB fax is
// never held whole (decision 030).

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

export { MediaNotReady, UnusableMedia };

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
  if (!kept) {
    if ('r2Key' in media) await copyLoopbackMedia(env, media.r2Key, key, limits);
    else await downloadMedia(env, media.url, key, limits);
  }
  const stored = await readObjectSource(env, key);
  if (!stored) throw new Error(`the received fax at ${key} went away while it was stored`);
  // Copies made before pages were counted from R2 carry their count.
  const pageCount = Number(kept?.customMetadata?.pageCount) || (await pagesOf(stored, announcedPages));
  return { pageCount, size: stored.size };
}

async function copyLoopbackMedia(env: Env, r2Key: string, key: string, limits: MediaLimits): Promise<void> {
  if (!r2Key.startsWith(LOOPBACK_MEDIA_PREFIX) || r2Key.includes('..')) throw new UnusableMedia('loopback media outside its prefix');
  const source = await readObjectSource(env, r2Key);
  if (!source) throw new UnusableMedia('loopback media is gone');
  if (source.size > limits.maxBytes) throw new UnusableMedia(`media of ${source.size} bytes is over the limit`);
  if (sniffDocumentKind(await source.read(0, SNIFF_BYTES)) !== 'pdf') throw new UnusableMedia('media is not a PDF');
  if (!(await copyObject(env, r2Key, key, null, { httpMetadata: { contentType: 'application/pdf' } }))) {
    throw new UnusableMedia('loopback media is gone');
  }
}

async function downloadMedia(env: Env, url: string, key: string, limits: MediaLimits): Promise<void> {
  const response = await fetchFromCarrier(url, limits);
  // 4xx: the link expired or never worked, and the carrier's redelivery carries the same link.
  if (response.status >= 400 && response.status < 500) throw new UnusableMedia(`media link answered ${response.status}`);
  if (!response.ok) throw new MediaNotReady(`media link answered ${response.status}`);
  const declared = Number(response.headers.get('content-length'));
  if (declared > limits.maxBytes) {
    await response.body?.cancel();
    throw new UnusableMedia(`media of ${declared} bytes is over the limit`);
  }
  if (!response.body) throw new UnusableMedia('media link answered without a body');
  try {
    await storeMediaStream(env, key, response.body, Number.isSafeInteger(declared) && declared > 0 ? declared : null, limits.maxBytes);
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

/**
 * The pages the PDF holds. A PDF whose page tree cannot be walked is still kept (a browser's pdf.js
 * is more forgiving, and the fax is the user's): the carrier's count stands in then.
 */
async function pagesOf(source: DocumentSource, announcedPages: number): Promise<number> {
  return (await countPdfPages(source)) ?? Math.max(1, announcedPages);
}
