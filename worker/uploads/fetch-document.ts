import { fileNameSchema } from '../../src/common/uploads';
import type { AppConfig } from '../env';
import { readStreamAtMost } from '../http/bytes';
import { checkWebhookTarget } from '../outgoing-webhooks/resolve';

// A document to fax fetched from the caller's URL (decision 050): once, by the SSRF rules of
// outgoing webhooks (domain/webhook-address.ts and outgoing-webhooks/resolve.ts — one checker for
// every URL the Worker calls on a customer's word), each redirect checked again (at most 3), within
// a time limit, and never more than the document limit read. The bytes then go the way of an upload.

const DOCUMENT_FETCH_TIMEOUT_MS = 15_000;
const DOCUMENT_FETCH_MAX_REDIRECTS = 3;

export type DocumentFetch =
  | { ok: true; name: string; bytes: Uint8Array }
  | { ok: false; code: 'REFUSED' | 'UNREACHABLE' | 'TOO_LARGE'; detail: string };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The document at `text`, or why it could not be had. */
export async function fetchDocument(text: string, config: AppConfig): Promise<DocumentFetch> {
  const signal = AbortSignal.timeout(DOCUMENT_FETCH_TIMEOUT_MS);
  let current = text;
  try {
    for (let hop = 0; ; hop++) {
      const target = await checkWebhookTarget(current, config);
      if (!target.ok) return { ok: false, code: 'REFUSED', detail: refusal(target.problem, hop) };
      const response = await fetch(target.url, {
        redirect: 'manual',
        signal,
        headers: { accept: 'application/pdf, image/*;q=0.9, */*;q=0.5' },
      });
      if (REDIRECTS.has(response.status)) {
        await response.body?.cancel();
        const location = response.headers.get('location');
        if (!location) return { ok: false, code: 'UNREACHABLE', detail: `The URL answered ${response.status} without a Location.` };
        if (hop >= DOCUMENT_FETCH_MAX_REDIRECTS) {
          return { ok: false, code: 'UNREACHABLE', detail: `More than ${DOCUMENT_FETCH_MAX_REDIRECTS} redirects.` };
        }
        current = new URL(location, target.url).toString();
        continue;
      }
      if (response.status < 200 || response.status > 299) {
        await response.body?.cancel();
        return { ok: false, code: 'UNREACHABLE', detail: `The URL answered HTTP ${response.status}.` };
      }
      const bytes = await readAtMost(response, config.MAX_DOCUMENT_BYTES);
      if (bytes === null) return { ok: false, code: 'TOO_LARGE', detail: `A document may be at most ${config.MAX_DOCUMENT_BYTES} bytes.` };
      if (bytes.length === 0) return { ok: false, code: 'UNREACHABLE', detail: 'The URL answered an empty body.' };
      return { ok: true, name: nameOf(target.url), bytes };
    }
  } catch {
    const detail = signal.aborted ? `No complete answer within ${DOCUMENT_FETCH_TIMEOUT_MS / 1000} s.` : 'The URL could not be reached.';
    return { ok: false, code: 'UNREACHABLE', detail };
  }
}

/** The body, read as it streams in and abandoned the moment it passes `max` bytes (null then). */
async function readAtMost(response: Response, max: number): Promise<Uint8Array | null> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    await response.body?.cancel();
    return null;
  }
  return response.body ? readStreamAtMost(response.body, max) : new Uint8Array(0);
}

function refusal(problem: string, hop: number): string {
  const where = hop === 0 ? 'The URL' : `Redirect ${hop}`;
  if (problem === 'HTTPS_REQUIRED') return `${where} must use https.`;
  if (problem === 'INVALID_URL') return `${where} is not an http(s) URL.`;
  if (problem === 'CREDENTIALS_IN_URL') return `${where} must not carry a user name or password.`;
  if (problem === 'UNRESOLVABLE') return `${where} names a host that does not resolve.`;
  return `${where} leads to a private, loopback or reserved address.`;
}

/** The file name the document is kept under: the URL's last path segment, or `document`. */
function nameOf(url: URL): string {
  const last = url.pathname.split('/').pop() ?? '';
  let decoded = '';
  try {
    decoded = decodeURIComponent(last);
  } catch {
    decoded = last;
  }
  const name = fileNameSchema.safeParse(decoded);
  return name.success ? name.data : 'document';
}
