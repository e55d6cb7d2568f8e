import storageErrorsMessages from 'virtual:messages/storageErrors';
import { translator } from '../i18n/translator';

// The storage error catalogue (spec §8): what the browser's upload client reports when a file
// operation fails, as `storage/<code>` with these default messages. The page shows its own words
// from `upload.errors.<code>` (src/i18n/en-US.json), or `errors.<serverCode>` when the server named
// the problem (e.g. ENCRYPTED_DOCUMENT).

const t = translator({ storageErrors: storageErrorsMessages });

export const STORAGE_ERROR_CODES = [
  'unknown',
  'object-not-found',
  'quota-exceeded',
  'unauthenticated',
  'unauthorized',
  'unauthorized-app',
  'retry-limit-exceeded',
  'canceled',
  'invalid-url',
  'invalid-format',
  'invalid-argument',
] as const;

export type StorageErrorCode = (typeof STORAGE_ERROR_CODES)[number];

/** The spec's default message of each code (its own wording, kept in the dictionary like every sentence). */
export const STORAGE_ERROR_MESSAGES = Object.fromEntries(STORAGE_ERROR_CODES.map((code) => [code, t(`storageErrors.${code}`)])) as Record<
  StorageErrorCode,
  string
>;
