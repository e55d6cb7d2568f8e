// A passkey made in software for the tests (decision 045): a P-256 key in WebCrypto, answers built
// byte by byte as an authenticator builds them (WebAuthn §6.1 authenticator data, §6.5 the
// attestation object with fmt "none", CBOR by RFC 8949, a DER ECDSA signature), so each check of
// the server can be met or broken on purpose: the origin, the RP ID, user verification, the counter.
// Nothing here comes from the library under test.

type CborValue = number | string | Uint8Array | CborValue[] | Map<CborValue, CborValue>;

function cborHead(major: number, length: number): number[] {
  if (length < 24) return [(major << 5) | length];
  if (length < 0x100) return [(major << 5) | 24, length];
  if (length < 0x10000) return [(major << 5) | 25, length >> 8, length & 0xff];
  return [(major << 5) | 26, (length >>> 24) & 0xff, (length >> 16) & 0xff, (length >> 8) & 0xff, length & 0xff];
}

/** CBOR (RFC 8949) of the few types an attestation object holds. */
export function cbor(value: CborValue): Uint8Array {
  const out: number[] = [];
  const put = (v: CborValue): void => {
    if (typeof v === 'number') out.push(...(v >= 0 ? cborHead(0, v) : cborHead(1, -1 - v)));
    else if (typeof v === 'string') {
      const bytes = new TextEncoder().encode(v);
      out.push(...cborHead(3, bytes.length), ...bytes);
    } else if (v instanceof Uint8Array) out.push(...cborHead(2, v.length), ...v);
    else if (Array.isArray(v)) {
      out.push(...cborHead(4, v.length));
      for (const item of v) put(item);
    } else {
      out.push(...cborHead(5, v.size));
      for (const [key, item] of v) {
        put(key);
        put(item);
      }
    }
  };
  put(value);
  return Uint8Array.from(out);
}

export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

async function sha256(bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
}

/** WebCrypto's ECDSA signature is r‖s; WebAuthn wants it as an ASN.1 DER SEQUENCE of two INTEGERs. */
function derSignature(raw: Uint8Array): Uint8Array {
  const integer = (half: Uint8Array): Uint8Array => {
    let start = 0;
    while (start < half.length - 1 && half[start] === 0) start += 1;
    const trimmed = half.slice(start);
    const body = (trimmed[0] ?? 0) & 0x80 ? concat(Uint8Array.of(0), trimmed) : trimmed;
    return concat(Uint8Array.of(0x02, body.length), body);
  };
  const body = concat(integer(raw.slice(0, 32)), integer(raw.slice(32)));
  return concat(Uint8Array.of(0x30, body.length), body);
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

export interface Ceremony {
  /** The origin the "browser" puts in clientDataJSON (default: the tests' origin). */
  origin?: string;
  /** The RP ID whose hash opens the authenticator data (default: localhost). */
  rpId?: string;
  /** Whether the person unlocked the passkey (fingerprint, face, PIN): the UV flag. */
  userVerified?: boolean;
  /** The challenge signed (default: the options' own). */
  challenge?: string;
}

interface CreationOptions {
  challenge: string;
  user: { id: string };
}

interface RequestOptions {
  challenge: string;
}

export class SoftPasskey {
  readonly id = crypto.getRandomValues(new Uint8Array(16));
  /** The signature counter; 0 keeps it at 0 like a synced passkey, else it goes up at each use. */
  counter: number;
  userHandle: string | null = null;
  private readonly keys: Promise<CryptoKeyPair>;

  constructor({ counter = 0 } = {}) {
    this.counter = counter;
    this.keys = crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']) as Promise<CryptoKeyPair>;
  }

  get credentialId(): string {
    return base64url(this.id);
  }

  private async authenticatorData(rpId: string, flags: number, attested: Uint8Array | null): Promise<Uint8Array> {
    const count = Uint8Array.of((this.counter >>> 24) & 0xff, (this.counter >> 16) & 0xff, (this.counter >> 8) & 0xff, this.counter & 0xff);
    return concat(await sha256(new TextEncoder().encode(rpId)), Uint8Array.of(flags), count, attested ?? new Uint8Array());
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Uint8Array {
    return new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private flags(userVerified: boolean): number {
    return FLAG_UP | (userVerified ? FLAG_UV : 0) | FLAG_BE | FLAG_BS;
  }

  /** What navigator.credentials.create() would answer for these options. */
  async register(options: CreationOptions, ceremony: Ceremony = {}) {
    const { origin = 'http://localhost:8787', rpId = 'localhost', userVerified = true } = ceremony;
    this.userHandle = options.user.id;
    const { publicKey } = await this.keys;
    const raw = new Uint8Array((await crypto.subtle.exportKey('raw', publicKey)) as ArrayBuffer);
    const cose = cbor(
      new Map<CborValue, CborValue>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, raw.slice(1, 33)],
        [-3, raw.slice(33, 65)],
      ]),
    );
    const attested = concat(new Uint8Array(16), Uint8Array.of(0, this.id.length), this.id, cose);
    const authData = await this.authenticatorData(rpId, this.flags(userVerified) | FLAG_AT, attested);
    const attestationObject = cbor(
      new Map<CborValue, CborValue>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: {
        clientDataJSON: base64url(this.clientData('webauthn.create', ceremony.challenge ?? options.challenge, origin)),
        attestationObject: base64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** What navigator.credentials.get() would answer for these options. */
  async authenticate(options: RequestOptions, ceremony: Ceremony = {}) {
    const { origin = 'http://localhost:8787', rpId = 'localhost', userVerified = true } = ceremony;
    if (this.counter > 0) this.counter += 1;
    const authData = await this.authenticatorData(rpId, this.flags(userVerified), null);
    const clientData = this.clientData('webauthn.get', ceremony.challenge ?? options.challenge, origin);
    const signed = concat(authData, await sha256(clientData));
    const { privateKey } = await this.keys;
    const raw = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, privateKey, signed as Uint8Array<ArrayBuffer>));
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: {
        clientDataJSON: base64url(clientData),
        authenticatorData: base64url(authData),
        signature: base64url(derSignature(raw)),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
    };
  }
}
