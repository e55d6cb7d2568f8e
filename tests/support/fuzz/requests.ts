import fc from 'fast-check';
import type { FuzzRoute, Part, WebhookKind } from './routes';
import { type ArbitraryHints, arbitraryOf } from './zod-arbitrary';
import { mutationOf } from './zod-mutations';

// Generated requests for one route (decision 029): its inputs drawn from its own schemas, or one of
// them mutated, or a body that is not JSON at all; signed in or out (or with a forged cookie);
// with this site's Origin, Fetch Metadata, nothing, or another site's; webhooks signed rightly,
// not at all, with a stranger's key, too old, or over other bytes. A request is plain data until
// `toRequest` builds it, so the seeded test (through the Worker in workerd) and the bench (over
// HTTP to the local server) send the same requests.

export type Session = 'none' | 'user' | 'forged';
export type OriginSignal = 'origin' | 'fetch-site' | 'none' | 'cross-site';
export type Signature = 'valid' | 'none' | 'stranger' | 'stale' | 'future' | 'garbage' | 'other-bytes';

export type FuzzBody =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; text: string; contentType: string | null }
  | { kind: 'bytes'; bytes: number[] }
  | { kind: 'form'; file: { name: string; content: 'pdf' | 'png-header' | 'text' | 'empty' } | null };

export interface FuzzRequest {
  route: string;
  method: string;
  path: string;
  query: Record<string, string>;
  body: FuzzBody;
  session: Session;
  origin: OriginSignal;
  signature: Signature | null;
  /** Which input was made wrong on purpose, if any. */
  mutated: Part | 'raw' | null;
}

export interface WebhookKeys {
  /** Private Ed25519 keys (JWK) of the carriers, and the payment processors' HMAC secrets. */
  telnyx?: JsonWebKey;
  loopback?: JsonWebKey;
  stripe?: string;
  'local-payments'?: string;
}

export interface SendContext {
  baseUrl: string;
  /** `name=value` of a live session, for requests signed in. */
  cookie: string | null;
  keys: WebhookKeys;
}

// Bodies that are not what any route reads: broken JSON, JSON of the wrong kind, prototype keys, a
// body past the 64 KB JSON limit, and the wrong content types.
const RAW_BODIES: fc.Arbitrary<FuzzBody> = fc.oneof(
  fc.record({
    kind: fc.constant('text' as const),
    text: fc.constantFrom('', '{', '{"a":', 'null', '[]', '"text"', '12', 'true', 'not json', '{"__proto__":{"admin":true}}', '\u0000'),
    contentType: fc.constantFrom('application/json', 'text/plain', null, 'application/x-www-form-urlencoded', 'multipart/form-data'),
  }),
  fc.constant<FuzzBody>({ kind: 'text', text: `{"pad":"${'A'.repeat(70_000)}"}`, contentType: 'application/json' }),
  fc.string({ maxLength: 200 }).map<FuzzBody>((text) => ({ kind: 'text', text, contentType: 'application/json' })),
);

const PATH_JUNK = fc.constantFrom('x', '..', '%2e%2e', '%00', 'null', '00000000-0000-0000-0000-000000000000', ' ', 'a'.repeat(300), '😀');

/** Query values are strings; a generated number or boolean is sent as its text. */
function asQuery(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { q: String(value).slice(0, 2048) };
  const query: Record<string, string> = {};
  for (const [key, field] of Object.entries(value)) {
    if (field === undefined) continue;
    const text = typeof field === 'object' && field !== null ? JSON.stringify(field) : String(field);
    // Past a few KB a URL is refused by the HTTP layer before the Worker sees it.
    query[key] = text.slice(0, 2048);
  }
  return query;
}

function fillPath(path: string, params: unknown): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params && typeof params === 'object' ? (params as Record<string, unknown>)[name] : undefined;
    return encodeURIComponent(String(value ?? 'x').slice(0, 512));
  });
}

function partArbitrary(route: FuzzRoute, part: Part, mutated: boolean, hints: ArbitraryHints): fc.Arbitrary<unknown> {
  const schema = route.parts[part];
  if (schema) return mutated ? mutationOf(schema, hints) : arbitraryOf(schema, hints);
  if (part === 'param')
    return PATH_JUNK.map((junk) => Object.fromEntries([...route.path.matchAll(/:([A-Za-z]+)/g)].map(([, n]) => [n, junk])));
  if (part === 'query')
    return fc.dictionary(fc.constantFrom('id', 'cursor', 'jobId', 'faxId', 'email', 'to', 'x'), fc.string({ maxLength: 40 }), {
      maxKeys: 2,
    });
  return fc.constant(undefined);
}

function bodyArbitrary(route: FuzzRoute, mutated: FuzzRequest['mutated'], hints: ArbitraryHints): fc.Arbitrary<FuzzBody> {
  if (mutated === 'raw') return RAW_BODIES;
  if (route.bytesBody)
    return fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 64 }).map<FuzzBody>((bytes) => ({ kind: 'bytes', bytes }));
  if (route.parts.form) {
    return fc
      .option(
        fc.record({
          name: fc.constantFrom('doc.pdf', 'scan.png', '', 'a\u0000b.pdf', 'x'.repeat(300)),
          content: fc.constantFrom('pdf', 'png-header', 'text', 'empty'),
        }),
        { nil: null, freq: 6 },
      )
      .map<FuzzBody>((file) => ({ kind: 'form', file }));
  }
  if (route.parts.json) return partArbitrary(route, 'json', mutated === 'json', hints).map<FuzzBody>((value) => ({ kind: 'json', value }));
  if (route.method === 'GET') return fc.constant<FuzzBody>({ kind: 'none' });
  return fc.oneof({ weight: 4, arbitrary: fc.constant<FuzzBody>({ kind: 'none' }) }, { weight: 1, arbitrary: RAW_BODIES });
}

/** Generated requests for `route`: about a third with one input wrong on purpose. */
export function requestArbitrary(route: FuzzRoute, hints: ArbitraryHints = {}): fc.Arbitrary<FuzzRequest> {
  const mutable: FuzzRequest['mutated'][] = [
    ...(Object.keys(route.parts) as Part[]).filter((p) => p !== 'form'),
    route.method === 'GET' ? null : 'raw',
  ];
  const mutatedArb = fc.oneof(
    { weight: 2 * Math.max(1, mutable.length), arbitrary: fc.constant(null) },
    ...mutable.filter((m) => m !== null).map((m) => ({ weight: 1, arbitrary: fc.constant(m) })),
  );
  return mutatedArb.chain((mutated) =>
    fc.record({
      route: fc.constant(route.key),
      method: fc.constant(route.method),
      path: partArbitrary(route, 'param', mutated === 'param', hints).map((params) => fillPath(route.path, params)),
      query: route.parts.query
        ? partArbitrary(route, 'query', mutated === 'query', hints).map(asQuery)
        : fc.option(partArbitrary(route, 'query', true, hints).map(asQuery), { nil: {}, freq: 4 }),
      body: bodyArbitrary(route, mutated, hints),
      session: route.webhook ? fc.constant<Session>('none') : fc.constantFrom<Session>('user', 'user', 'none', 'forged'),
      origin: route.webhook
        ? fc.constant<OriginSignal>('none')
        : fc.oneof(
            { weight: 4, arbitrary: fc.constantFrom<OriginSignal>('origin', 'fetch-site') },
            { weight: 1, arbitrary: fc.constantFrom<OriginSignal>('none', 'cross-site') },
          ),
      signature: route.webhook
        ? fc.oneof(
            { weight: 3, arbitrary: fc.constant<Signature>('valid') },
            { weight: 3, arbitrary: fc.constantFrom<Signature>('none', 'stranger', 'stale', 'future', 'garbage', 'other-bytes') },
          )
        : fc.constant(null),
      mutated: fc.constant(mutated),
    }),
  );
}

// --- building the HTTP request ---------------------------------------------------------------

const encoder = new TextEncoder();

/** A small, well-formed one-page PDF, its xref offsets computed. */
function onePagePdf(): Uint8Array {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
    '<< /Length 0 >>\nstream\n\nendstream',
  ];
  let text = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const offset = text.length;
    text += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return encoder.encode(text);
}

function fileBytes(content: 'pdf' | 'png-header' | 'text' | 'empty'): Uint8Array {
  if (content === 'pdf') return onePagePdf();
  if (content === 'png-header')
    return new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  if (content === 'text') return encoder.encode('hello, fax');
  return new Uint8Array();
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

async function ed25519Signature(jwk: JsonWebKey | undefined, stranger: boolean, signed: string): Promise<string> {
  const key =
    stranger || !jwk
      ? ((await crypto.subtle.generateKey({ name: 'Ed25519' }, false, ['sign', 'verify'])) as CryptoKeyPair).privateKey
      : await crypto.subtle.importKey('jwk', jwk, { name: 'Ed25519' }, false, ['sign']);
  return base64(new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, key, encoder.encode(signed))));
}

async function hmacHex(secret: string, signed: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(signed)));
  return [...mac].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The signature headers a carrier or processor would send for `rawBody`, done as `signature` says. */
async function webhookHeaders(
  kind: WebhookKind,
  signature: Signature,
  rawBody: string,
  keys: WebhookKeys,
): Promise<Record<string, string>> {
  if (signature === 'none') return {};
  const now = Math.floor(Date.now() / 1000);
  const timestamp = String(signature === 'stale' ? now - 3600 : signature === 'future' ? now + 3600 : now);
  const signedBody = signature === 'other-bytes' ? `${rawBody} ` : rawBody;
  if (kind === 'telnyx' || kind === 'loopback') {
    const value =
      signature === 'garbage'
        ? base64(encoder.encode('not a signature'))
        : await ed25519Signature(keys[kind], signature === 'stranger', `${timestamp}|${signedBody}`);
    return { [`${kind}-signature-ed25519`]: value, [`${kind}-timestamp`]: timestamp };
  }
  const secret = signature === 'stranger' ? 'whsec_someone_else_entirely_0000' : (keys[kind] ?? 'whsec_unknown');
  const value = signature === 'garbage' ? 'v1=zz,t=abc' : `t=${timestamp},v1=${await hmacHex(secret, `${timestamp}.${signedBody}`)}`;
  return { [kind === 'stripe' ? 'stripe-signature' : 'local-payments-signature']: value };
}

/** Builds the HTTP request `request` describes. */
export async function toRequest(request: FuzzRequest, context: SendContext, webhook: WebhookKind | null): Promise<Request> {
  const url = new URL(request.path, context.baseUrl);
  for (const [key, value] of Object.entries(request.query)) url.searchParams.set(key, value);
  const headers = new Headers();
  if (request.origin === 'origin') headers.set('origin', context.baseUrl.replace(/\/$/, ''));
  if (request.origin === 'fetch-site') headers.set('sec-fetch-site', 'same-origin');
  if (request.origin === 'cross-site') {
    headers.set('origin', 'https://evil.example');
    headers.set('sec-fetch-site', 'cross-site');
  }
  if (request.session === 'user' && context.cookie) headers.set('cookie', context.cookie);
  if (request.session === 'forged') headers.set('cookie', 'fax_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  let body: BodyInit | undefined;
  const { body: described } = request;
  if (described.kind === 'json') {
    body = JSON.stringify(described.value) ?? '';
    headers.set('content-type', 'application/json');
  } else if (described.kind === 'text') {
    body = described.text;
    if (described.contentType) headers.set('content-type', described.contentType);
  } else if (described.kind === 'bytes') {
    body = new Uint8Array(described.bytes);
    headers.set('content-type', 'application/octet-stream');
  } else if (described.kind === 'form') {
    const form = new FormData();
    if (described.file) form.set('file', new File([fileBytes(described.file.content)], described.file.name, { type: 'application/pdf' }));
    else form.set('note', 'no file here');
    body = form;
  }
  if (webhook && request.signature && typeof body === 'string') {
    for (const [name, value] of Object.entries(await webhookHeaders(webhook, request.signature, body, context.keys)))
      headers.set(name, value);
  }
  return new Request(url, { method: request.method, headers, body: request.method === 'GET' ? undefined : body });
}
