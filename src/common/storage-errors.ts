// The storage error catalogue (spec §8): what the browser's upload client reports when a file
// operation fails, as `storage/<code>` with these default messages. The page shows its own words
// from `upload.errors.<code>` (src/i18n/en-US.json), or `errors.<serverCode>` when the server named
// the problem (e.g. ENCRYPTED_DOCUMENT).

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

export const STORAGE_ERROR_MESSAGES: Record<StorageErrorCode, string> = {
  unknown: 'An unknown error occurred, please check the error payload for server response.',
  'object-not-found': 'Object does not exist.',
  'quota-exceeded': 'Quota for this account exceeded, please free some space or upgrade your plan.',
  unauthenticated: 'User is not authenticated, please authenticate and try again.',
  unauthorized: 'User does not have permission to access this object.',
  'unauthorized-app': 'This app does not have permission to access storage.',
  'retry-limit-exceeded': 'Max retry time for operation exceeded, please try again.',
  canceled: 'User canceled the upload/download.',
  'invalid-url': 'Invalid URL.',
  'invalid-format': 'String does not match format.',
  'invalid-argument': 'Invalid argument.',
};
