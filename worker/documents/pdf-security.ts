import { Buffer } from 'node:buffer';
import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';
import { stringAt } from './pdf-strings';
import { isDict, nameOf, type PdfDict, type PdfValue, parseValue } from './pdf-syntax';

// The standard security handler (ISO 32000-2 §7.6.4): whether an encrypted PDF opens without a
// password, and the key that decrypts it. Most "secured" PDFs (bank statements, payroll, forms)
// have an empty user password and an owner password that only restricts printing or copying:
// every viewer opens them without asking, so the product does too (decision 037). RC4 40–128 bits
// (revisions 2–4), AES-128 (4) and AES-256 (5, 6) are read; a password the person would have to
// type, or another handler (certificates), is refused.

/** Bytes padded to 32 with the standard padding (Algorithm 2, step a): the empty password is all padding. */
const PADDING = Uint8Array.from([
  0x28, 0xbf, 0x4e, 0x5e, 0x4e, 0x75, 0x8a, 0x41, 0x64, 0x00, 0x4e, 0x56, 0xff, 0xfa, 0x01, 0x08, 0x2e, 0x2e, 0x00, 0xb6, 0xd0, 0x68, 0x3e,
  0x80, 0x2f, 0x0c, 0xa9, 0xfe, 0x64, 0x53, 0x69, 0x7a,
]);
const EMPTY = new Uint8Array(0);

export type CipherKind = 'rc4' | 'aes-128' | 'aes-256' | 'none';

/** How an opened document's strings and streams are decrypted. */
export interface PdfSecurity {
  /** The file key (Algorithm 2 or 2.A). */
  key: Uint8Array;
  strings: CipherKind;
  streams: CipherKind;
  /** False when the document's XMP metadata was left in the clear (EncryptMetadata false). */
  encryptMetadata: boolean;
}

export type SecurityVerdict = { opens: true; security: PdfSecurity } | { opens: false; reason: 'NEEDS_PASSWORD' | 'UNSUPPORTED' };

export function md5(...parts: Uint8Array[]): Uint8Array {
  const hash = createHash('md5');
  for (const part of parts) hash.update(part);
  return new Uint8Array(hash.digest());
}

/** RC4 (ISO 32000 §7.6.3): what older PDFs are encrypted with, kept here rather than asked of the runtime. */
export class Rc4 {
  private readonly s = new Uint8Array(256);
  private i = 0;
  private j = 0;
  constructor(key: Uint8Array) {
    for (let n = 0; n < 256; n++) this.s[n] = n;
    for (let n = 0, j = 0; n < 256; n++) {
      j = (j + this.s[n]! + key[n % key.length]!) & 0xff;
      [this.s[n], this.s[j]] = [this.s[j]!, this.s[n]!];
    }
  }
  update(data: Uint8Array): Uint8Array {
    const out = new Uint8Array(data.length);
    for (let n = 0; n < data.length; n++) {
      this.i = (this.i + 1) & 0xff;
      this.j = (this.j + this.s[this.i]!) & 0xff;
      [this.s[this.i], this.s[this.j]] = [this.s[this.j]!, this.s[this.i]!];
      out[n] = data[n]! ^ this.s[(this.s[this.i]! + this.s[this.j]!) & 0xff]!;
    }
    return out;
  }
}

export function rc4(key: Uint8Array, data: Uint8Array): Uint8Array {
  return new Rc4(key).update(data);
}

function entry(dict: PdfDict, bytes: Uint8Array, key: string): Uint8Array {
  const span = dict.spans.get(key);
  return (span && stringAt(bytes, span[0] + key.length + 1)) || EMPTY;
}

function numberOf(value: PdfValue | undefined, fallback: number): number {
  return typeof value === 'number' ? value : fallback;
}

function u32le(value: number): Uint8Array {
  return Uint8Array.of(value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, (value >>> 24) & 0xff);
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

interface Standard {
  revision: number;
  length: number;
  o: Uint8Array;
  u: Uint8Array;
  oe: Uint8Array;
  ue: Uint8Array;
  p: number;
  id: Uint8Array;
  encryptMetadata: boolean;
}

/** Algorithm 2: the file key a user password (here always empty) gives, revisions 2–4. */
function rc4FileKey(s: Standard, password: Uint8Array): Uint8Array {
  const padded = new Uint8Array(32);
  padded.set(password.subarray(0, 32));
  padded.set(PADDING.subarray(0, 32 - Math.min(32, password.length)), Math.min(32, password.length));
  const tail = s.revision >= 4 && !s.encryptMetadata ? [Uint8Array.of(0xff, 0xff, 0xff, 0xff)] : [];
  let key = md5(padded, s.o.subarray(0, 32), u32le(s.p), s.id, ...tail).subarray(0, s.length);
  if (s.revision >= 3) for (let n = 0; n < 50; n++) key = md5(key).subarray(0, s.length);
  return key;
}

/** Algorithms 4 and 5: whether `key` is the one of the user password the U entry was made with. */
function isUserKey(s: Standard, key: Uint8Array): boolean {
  if (s.revision === 2) return equalBytes(rc4(key, PADDING), s.u.subarray(0, 32));
  let check = rc4(key, md5(PADDING, s.id));
  for (let n = 1; n <= 19; n++)
    check = rc4(
      key.map((byte) => byte ^ n),
      check,
    );
  return equalBytes(check, s.u.subarray(0, 16));
}

/** Algorithm 7: the user password an empty owner password unlocks (a file whose owner password is empty). */
function userPasswordOfEmptyOwner(s: Standard): Uint8Array {
  let key = md5(PADDING);
  if (s.revision >= 3) for (let n = 0; n < 50; n++) key = md5(key);
  key = key.subarray(0, s.length);
  if (s.revision === 2) return rc4(key, s.o.subarray(0, 32));
  let password = s.o.subarray(0, 32);
  for (let n = 19; n >= 0; n--)
    password = rc4(
      key.map((byte) => byte ^ n),
      password,
    );
  return password;
}

/** Algorithm 2.B (revision 6), or SHA-256 alone (revision 5): the hash of the empty password with a salt. */
function hash256(s: Standard, salt: Uint8Array, userData: Uint8Array): Uint8Array {
  let k = new Uint8Array(createHash('sha256').update(salt).update(userData).digest());
  if (s.revision === 5) return k;
  for (let round = 0; ; round++) {
    const k1 = new Uint8Array(64 * (k.length + userData.length));
    for (let n = 0; n < 64; n++) {
      k1.set(k, n * (k.length + userData.length));
      k1.set(userData, n * (k.length + userData.length) + k.length);
    }
    const cipher = createCipheriv('aes-128-cbc', k.subarray(0, 16), k.subarray(16, 32)).setAutoPadding(false);
    const e = new Uint8Array(Buffer.concat([cipher.update(k1), cipher.final()]));
    const mod = e.subarray(0, 16).reduce((sum, byte) => sum + byte, 0) % 3;
    k = new Uint8Array(createHash(['sha256', 'sha384', 'sha512'][mod]!).update(e).digest());
    if (round >= 63 && e[e.length - 1]! <= round - 32) return k.subarray(0, 32);
  }
}

function aes256Unwrap(key: Uint8Array, wrapped: Uint8Array): Uint8Array {
  const decipher = createDecipheriv('aes-256-cbc', key, new Uint8Array(16)).setAutoPadding(false);
  return new Uint8Array(Buffer.concat([decipher.update(wrapped.subarray(0, 32)), decipher.final()]));
}

/** Algorithm 2.A: the file key of revisions 5–6 with an empty user, or else owner, password; null when neither is empty. */
function aesFileKey(s: Standard): Uint8Array | null {
  if (s.u.length < 48 || s.ue.length < 32) return null;
  if (equalBytes(hash256(s, s.u.subarray(32, 40), EMPTY), s.u.subarray(0, 32))) {
    return aes256Unwrap(hash256(s, s.u.subarray(40, 48), EMPTY), s.ue);
  }
  const u48 = s.u.subarray(0, 48);
  if (s.o.length >= 48 && s.oe.length >= 32 && equalBytes(hash256(s, s.o.subarray(32, 40), u48), s.o.subarray(0, 32))) {
    return aes256Unwrap(hash256(s, s.o.subarray(40, 48), u48), s.oe);
  }
  return null;
}

/** What a value is, references followed (a /CF or its filters may be objects of their own). */
export type Resolve = (value: PdfValue | undefined) => PdfValue | undefined;

/** The cipher a crypt filter name stands for (V 4–5: /StmF, /StrF naming an entry of /CF). */
function cryptFilter(dict: PdfDict, name: string | null, resolve: Resolve): CipherKind | 'UNSUPPORTED' {
  if (name === null || name === 'Identity') return 'none';
  const filters = resolve(dict.entries.get('CF'));
  const filter = isDict(filters) ? resolve(filters.entries.get(name)) : undefined;
  const method = isDict(filter) ? nameOf(filter.entries.get('CFM')) : null;
  if (method === 'V2') return 'rc4';
  if (method === 'AESV2') return 'aes-128';
  if (method === 'AESV3') return 'aes-256';
  return method === 'None' ? 'none' : 'UNSUPPORTED';
}

/**
 * Whether the document whose encryption dictionary is `encryptBytes` (and whose trailer /ID
 * starts with `id`) opens without a password, and how to decrypt it.
 */
export function openWithoutPassword(encryptBytes: Uint8Array, id: Uint8Array, resolve: Resolve = (value) => value): SecurityVerdict {
  const dict = parseValue(encryptBytes);
  if (!isDict(dict) || nameOf(dict.entries.get('Filter')) !== 'Standard') return { opens: false, reason: 'UNSUPPORTED' };
  const v = numberOf(dict.entries.get('V'), 0);
  const revision = numberOf(dict.entries.get('R'), 0);
  const encryptMetadata = dict.entries.get('EncryptMetadata') !== false;
  const s: Standard = {
    revision,
    length: v === 1 ? 5 : Math.min(16, Math.max(5, numberOf(dict.entries.get('Length'), v >= 4 ? 128 : 40) / 8)),
    o: entry(dict, encryptBytes, 'O'),
    u: entry(dict, encryptBytes, 'U'),
    oe: entry(dict, encryptBytes, 'OE'),
    ue: entry(dict, encryptBytes, 'UE'),
    p: numberOf(dict.entries.get('P'), 0) | 0,
    id,
    encryptMetadata,
  };
  if (v === 1 || v === 2) {
    if (revision < 2 || revision > 3) return { opens: false, reason: 'UNSUPPORTED' };
  } else if (v === 4 || v === 5) {
    if ((v === 4 && revision !== 4) || (v === 5 && revision !== 5 && revision !== 6)) return { opens: false, reason: 'UNSUPPORTED' };
  } else return { opens: false, reason: 'UNSUPPORTED' };

  const streams = v >= 4 ? cryptFilter(dict, nameOf(dict.entries.get('StmF')), resolve) : 'rc4';
  const strings = v >= 4 ? cryptFilter(dict, nameOf(dict.entries.get('StrF')), resolve) : 'rc4';
  if (streams === 'UNSUPPORTED' || strings === 'UNSUPPORTED') return { opens: false, reason: 'UNSUPPORTED' };
  // Only embedded files are encrypted (/EFF, a password asked when one is opened): the pages are in the clear.
  if (streams === 'none' && strings === 'none') return { opens: true, security: { key: EMPTY, strings, streams, encryptMetadata } };
  if (v === 5) {
    const key = aesFileKey(s);
    return key ? { opens: true, security: { key, strings, streams, encryptMetadata } } : { opens: false, reason: 'NEEDS_PASSWORD' };
  }
  for (const password of [EMPTY, userPasswordOfEmptyOwner(s)]) {
    const key = rc4FileKey(s, password);
    if (!isUserKey(s, key)) continue;
    // Revision 4 with a key under 16 bytes: Acrobat pads it with zeros (undocumented; what pdf.js
    // does too since its issue 19484).
    const fileKey = v === 4 && key.length < 16 ? Uint8Array.from({ length: 16 }, (_, n) => key[n] ?? 0) : key;
    return { opens: true, security: { key: fileKey, strings, streams, encryptMetadata } };
  }
  return { opens: false, reason: 'NEEDS_PASSWORD' };
}
