import { createDecipheriv } from 'node:crypto';
import { type CipherKind, md5, type PdfSecurity, Rc4 } from './pdf-security';

// Decrypting an opened document's strings and streams (ISO 32000-2 §7.6.2): each object has its
// own key, made from the file key and its number (Algorithm 1), but with AES-256. A stream is
// decrypted piece by piece as it is read, never held whole (decision 030).

const EMPTY: Uint8Array = new Uint8Array(0);

/** Decrypts one string or stream handed over in pieces, in order. */
export interface Decipher {
  update(piece: Uint8Array): Uint8Array;
  /** What is left once every piece was handed over (AES's last block, its padding taken off). */
  final(): Uint8Array;
}

const CLEAR: Decipher = { update: (piece) => piece, final: () => EMPTY };

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

/** AES-CBC with the IV in the first 16 bytes and PKCS#5 padding, which a damaged file may lack. */
class AesDecipher implements Decipher {
  private iv: Uint8Array = EMPTY;
  private inner: ReturnType<typeof createDecipheriv> | null = null;
  /** The last decrypted block, held back until the end: it carries the padding. */
  private held: Uint8Array = EMPTY;

  constructor(private readonly key: Uint8Array) {}

  private emit(plain: Uint8Array): Uint8Array {
    const all = this.held.length ? concat(this.held, plain) : plain;
    const keep = Math.min(16, all.length);
    this.held = all.slice(all.length - keep);
    return all.subarray(0, all.length - keep);
  }

  update(piece: Uint8Array): Uint8Array {
    let data = piece;
    if (!this.inner) {
      const head = concat(this.iv, data);
      if (head.length < 16) {
        this.iv = head;
        return EMPTY;
      }
      this.iv = head.slice(0, 16);
      data = head.subarray(16);
      this.inner = createDecipheriv(
        this.key.length === 32 ? 'aes-256-cbc' : 'aes-128-cbc',
        this.key,
        this.iv.subarray(0, 16),
      ).setAutoPadding(false);
    }
    return this.emit(new Uint8Array(this.inner.update(data)));
  }

  final(): Uint8Array {
    if (!this.inner) return EMPTY;
    try {
      this.emit(new Uint8Array(this.inner.final()));
    } catch {
      // A length that is no whole number of blocks: its last, partial block is dropped, as readers do.
    }
    const pad = this.held[this.held.length - 1] ?? 0;
    const padded =
      pad >= 1 && pad <= 16 && pad <= this.held.length && this.held.subarray(this.held.length - pad).every((byte) => byte === pad);
    return padded ? this.held.subarray(0, this.held.length - pad) : this.held;
  }
}

export class PdfDecipher {
  constructor(private readonly security: PdfSecurity) {}

  /** Algorithm 1: the key of object `num` `gen` for `cipher`. */
  private objectKey(num: number, gen: number, cipher: CipherKind): Uint8Array {
    const { key } = this.security;
    if (cipher === 'aes-256') return key;
    const salt = cipher === 'aes-128' ? [Uint8Array.of(0x73, 0x41, 0x6c, 0x54)] : [];
    const digest = md5(key, Uint8Array.of(num & 0xff, (num >> 8) & 0xff, (num >> 16) & 0xff, gen & 0xff, (gen >> 8) & 0xff), ...salt);
    return digest.subarray(0, Math.min(16, key.length + 5));
  }

  private decipher(num: number, gen: number, cipher: CipherKind): Decipher {
    if (cipher === 'none') return CLEAR;
    const key = this.objectKey(num, gen, cipher);
    if (cipher === 'rc4') {
      const rc4 = new Rc4(key);
      return { update: (piece) => rc4.update(piece), final: () => EMPTY };
    }
    return new AesDecipher(key);
  }

  /** A string of object `num` `gen`, in the clear. */
  string(num: number, gen: number, bytes: Uint8Array): Uint8Array {
    const decipher = this.decipher(num, gen, this.security.strings);
    return concat(decipher.update(bytes), decipher.final());
  }

  /** The decipher of a stream of object `num` `gen`; `clear` for one the document left unencrypted (XMP metadata, Identity). */
  stream(num: number, gen: number, clear = false): Decipher {
    return clear ? CLEAR : this.decipher(num, gen, this.security.streams);
  }

  /** Whether a stream of this type was left in the clear: XMP metadata when EncryptMetadata is false. */
  leavesInClear(type: string | null): boolean {
    return type === 'Metadata' && !this.security.encryptMetadata;
  }
}

/** Pieces through a decipher, whole. */
export function decipherWhole(decipher: Decipher, bytes: Uint8Array): Uint8Array {
  return concat(decipher.update(bytes), decipher.final());
}
