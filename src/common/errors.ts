// Stable error codes the API answers with, shared by the server and the browser.
// The browser maps each code to a sentence in src/i18n/en-US.json (key `errors.<CODE>`).
export const ERROR_CODES = [
  'INVALID_INPUT',
  'MALFORMED_BODY',
  'PAYLOAD_TOO_LARGE',
  'INVALID_EMAIL',
  'WEAK_PASSWORD',
  'COMMON_PASSWORD',
  'EMAIL_IN_USE',
  'NUMBER_TAKEN',
  'ALREADY_HAS_NUMBER',
  'INVALID_PHONE',
  'INVALID_CURRENT_PASSWORD',
  'OTHER',
  'INVALID_CREDENTIALS',
  'INVALID_RESET_LINK',
  'INVALID_VERIFICATION_LINK',
  'INVALID_SIGN_IN_LINK',
  'EMAIL_NOT_VERIFIED',
  'INVALID_GOOGLE_TOKEN',
  'GOOGLE_EMAIL_UNVERIFIED',
  'UNAUTHENTICATED',
  'CROSS_ORIGIN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'RATE_LIMITED',
  'INSUFFICIENT_CREDITS',
  'INVALID_FAX_NUMBER',
  'FILE_TOO_LARGE',
  'UNSUPPORTED_FILE_TYPE',
  'ENCRYPTED_DOCUMENT',
  'CORRUPT_DOCUMENT',
  'DOCUMENT_TOO_COMPLEX',
  'IMAGE_TOO_LARGE',
  'TOO_MANY_PAGES',
  'UPLOAD_OFFSET_MISMATCH',
  'UPLOAD_INCOMPLETE',
  'INVALID_SIGNATURE',
  'FAX_NOT_READY',
  'NOT_A_RECEIVED_FAX',
  'FAX_IN_PROGRESS',
  'NOT_IN_TRASH',
  'MEDIA_NOT_READY',
  'INVALID_CARD',
  'PAYMENT_DECLINED',
  'CARD_EXPIRED',
  'AUTHENTICATION_FAILED',
  'ALREADY_SUBSCRIBED',
  'NOT_SUBSCRIBED',
  'PAYMENT_UNAVAILABLE',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiErrorBody {
  error: { code: ErrorCode; message: string };
}

export function isErrorCode(value: string): value is ErrorCode {
  return (ERROR_CODES as readonly string[]).includes(value);
}
