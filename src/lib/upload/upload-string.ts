import { storageError } from './storage-error';
import type { StorageError } from './types';

// Uploads from a string (spec §5): a base64 string, or a data URL `data:[type][;base64],data` (what
// a scanner app or another page copies to the clipboard). Base64 here is the standard alphabet:
// the url-safe characters `-` and `_` are refused, as are strings that do not decode.

export type UploadStringFormat = 'base64' | 'data_url';

/** `data:[type][;parameters][;base64],data`; the type and parameters are optional. */
const DATA_URL = /^data:([a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+)?((?:;[a-z0-9-]+=[^;,]*)*)(;base64)?,(.*)$/is;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const URL_SAFE = /[-_]/;

export interface DecodedString {
  bytes: Uint8Array;
  /** The type a data URL names, else null. */
  contentType: string | null;
}

function invalid(message: string): StorageError {
  return storageError('invalid-format', { message });
}

function fromBase64(value: string): Uint8Array | StorageError {
  const compact = value.replace(/\s+/g, '');
  if (URL_SAFE.test(compact)) return invalid('Base64 string contains url-safe characters (- or _); use the standard alphabet.');
  if (!BASE64.test(compact) || compact.length % 4 === 1) return invalid('String is not valid base64.');
  const binary = atob(compact);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The bytes a string stands for, or the invalid-format error that says why it cannot be read. */
export function decodeUploadString(value: string, format: UploadStringFormat): DecodedString | StorageError {
  if (format === 'base64') {
    const bytes = fromBase64(value);
    return bytes instanceof Uint8Array ? { bytes, contentType: null } : bytes;
  }
  const match = DATA_URL.exec(value.trim());
  if (!match) return invalid('String is not a data URL of the form data:[type][;base64],data.');
  const [, type = null, , base64, data = ''] = match;
  if (base64) {
    const bytes = fromBase64(data);
    return bytes instanceof Uint8Array ? { bytes, contentType: type?.toLowerCase() ?? null } : bytes;
  }
  let text: string;
  try {
    text = decodeURIComponent(data);
  } catch {
    return invalid('Data URL holds malformed percent-encoding.');
  }
  return { bytes: new TextEncoder().encode(text), contentType: type?.toLowerCase() ?? null };
}

/** Whether a value is worth reading as a data URL (pasted text that starts like one). */
export function looksLikeDataUrl(value: string): boolean {
  return /^\s*data:/i.test(value);
}

const EXTENSIONS: Readonly<Record<string, string>> = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpg' };

/** A file to upload from a decoded string, named after its type ("pasted-document.pdf"). */
export function fileFromDecoded(decoded: DecodedString, baseName = 'pasted-document'): File {
  const type = decoded.contentType ?? 'application/octet-stream';
  const extension = EXTENSIONS[type];
  return new File([decoded.bytes as Uint8Array<ArrayBuffer>], extension ? `${baseName}.${extension}` : baseName, { type });
}
