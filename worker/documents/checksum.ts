import { createHash } from 'node:crypto';

/**
 * Hex MD5 of stored bytes (spec §3 md5Hash). R2 keeps no MD5 for multipart objects, so we compute
 * it ourselves for every document, one-shot or resumable, and keep it in `files.md5_hash`.
 */
export function md5Hex(bytes: Uint8Array): string {
  return createHash('md5').update(bytes).digest('hex');
}
