import { joinBytes } from '../http/bytes';
import { isWhitespace } from './pdf-syntax';

// PDF strings as bytes (ISO 32000 §7.3.4): a literal `(…)` with its escapes, or a hex `<…>`. The
// syntax reader (pdf-syntax.ts) passes over them; an encrypted document's are read here, its
// security handler's (O, U) and every string of its objects, which a decrypted copy writes again.

const HEX = /[0-9A-Fa-f]/;
const ESCAPES: Record<number, number> = { 110: 0x0a, 114: 0x0d, 116: 0x09, 98: 0x08, 102: 0x0c };

function hexValue(byte: number): number {
  return Number.parseInt(String.fromCharCode(byte), 16);
}

/** The literal string whose `(` is at `at`: its bytes and the offset after its `)`. */
function literalAt(bytes: Uint8Array, at: number): { value: Uint8Array; end: number } {
  const out: number[] = [];
  let depth = 1;
  let i = at + 1;
  while (i < bytes.length) {
    const byte = bytes[i++]!;
    if (byte === 0x5c) {
      const next = bytes[i++];
      if (next === undefined) break;
      if (next >= 0x30 && next <= 0x37) {
        let code = next - 0x30;
        for (let digits = 1; digits < 3 && bytes[i]! >= 0x30 && bytes[i]! <= 0x37; digits++) code = code * 8 + bytes[i++]! - 0x30;
        out.push(code & 0xff);
      } else if (next === 0x0d) {
        if (bytes[i] === 0x0a) i++; // a line continued: neither byte is in the string
      } else if (next !== 0x0a) out.push(ESCAPES[next] ?? next);
      continue;
    }
    if (byte === 0x28) depth++;
    else if (byte === 0x29 && --depth === 0) break;
    out.push(byte);
  }
  return { value: new Uint8Array(out), end: i };
}

/** The hex string whose `<` is at `at`: its bytes (an odd last digit followed by 0) and the offset after its `>`. */
function hexAt(bytes: Uint8Array, at: number): { value: Uint8Array; end: number } {
  const digits: number[] = [];
  let i = at + 1;
  for (; i < bytes.length && bytes[i] !== 0x3e; i++) {
    if (HEX.test(String.fromCharCode(bytes[i]!))) digits.push(hexValue(bytes[i]!));
  }
  if (digits.length % 2 === 1) digits.push(0);
  const out = new Uint8Array(digits.length / 2);
  for (let d = 0; d < out.length; d++) out[d] = digits[2 * d]! * 16 + digits[2 * d + 1]!;
  return { value: out, end: i + 1 };
}

/** The string starting at or after `at` (past whitespace), or null when none starts there. */
export function stringAt(bytes: Uint8Array, at: number): Uint8Array | null {
  let i = at;
  while (isWhitespace(bytes[i])) i++;
  if (bytes[i] === 0x28) return literalAt(bytes, i).value;
  if (bytes[i] === 0x3c && bytes[i + 1] !== 0x3c) return hexAt(bytes, i).value;
  return null;
}

function hexText(bytes: Uint8Array): string {
  let text = '<';
  for (const byte of bytes) text += byte.toString(16).padStart(2, '0');
  return `${text}>`;
}

/**
 * `value` (an object's bytes) with every string replaced by `change` of its bytes, written as a
 * hex string; names, comments and everything else kept byte for byte.
 */
export function rewriteStrings(value: Uint8Array, change: (bytes: Uint8Array) => Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [];
  const encoder = new TextEncoder();
  let copied = 0;
  let i = 0;
  while (i < value.length) {
    const byte = value[i]!;
    if (byte === 0x25) {
      // A comment runs to the end of its line; a parenthesis in it opens no string.
      while (i < value.length && value[i] !== 0x0a && value[i] !== 0x0d) i++;
    } else if (byte === 0x2f) {
      i++;
      while (i < value.length && !isWhitespace(value[i]) && !'()<>[]{}/%'.includes(String.fromCharCode(value[i]!))) i++;
    } else if (byte === 0x28 || (byte === 0x3c && value[i + 1] !== 0x3c)) {
      const string = byte === 0x28 ? literalAt(value, i) : hexAt(value, i);
      parts.push(value.subarray(copied, i), encoder.encode(hexText(change(string.value))));
      i = copied = string.end;
    } else {
      i += byte === 0x3c || byte === 0x3e ? 2 : 1;
    }
  }
  parts.push(value.subarray(copied));
  return joinBytes(parts);
}
