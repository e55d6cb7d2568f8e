import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorCode } from '../../src/common/errors';

const DEFAULT_MESSAGES: Record<ErrorCode, string> = {
  INVALID_INPUT: 'The request is not valid.',
  MALFORMED_BODY: 'The request body could not be read.',
  PAYLOAD_TOO_LARGE: 'The request is too large.',
  INVALID_EMAIL: 'Enter a valid e-mail address.',
  WEAK_PASSWORD: 'Use a password of 8 to 128 characters.',
  COMMON_PASSWORD: 'This password is one of the most common and easily guessed. Choose another.',
  EMAIL_IN_USE: 'An account with this e-mail already exists.',
  NUMBER_TAKEN: 'Someone else has just taken this number. Choose another.',
  ALREADY_HAS_NUMBER: 'Your account already has a fax number.',
  INVALID_PHONE: 'Enter a valid phone number, e.g. (212) 555-0123 or +44 20 7946 0958.',
  INVALID_CURRENT_PASSWORD: 'Your current password is not right.',
  OTHER: 'The change could not be made.',
  INVALID_CREDENTIALS: 'The e-mail or password is wrong.',
  INVALID_RESET_LINK: 'This password reset link is invalid, expired or already used.',
  INVALID_GOOGLE_TOKEN: 'The Google sign-in could not be verified.',
  GOOGLE_EMAIL_UNVERIFIED: 'Google has not verified this e-mail address, so it cannot be used to sign in.',
  UNAUTHENTICATED: 'Sign in to continue.',
  CROSS_ORIGIN: 'This request must come from this site.',
  NOT_FOUND: 'Not found.',
  METHOD_NOT_ALLOWED: 'This method is not allowed here.',
  RATE_LIMITED: 'Too many attempts. Try again later.',
  INSUFFICIENT_CREDITS: 'Not enough credits to send this fax.',
  INVALID_FAX_NUMBER: 'Enter a valid fax number, e.g. (212) 555-0123 or +44 20 7946 0958.',
  FILE_TOO_LARGE: 'The file is larger than the 50 MB a fax can carry.',
  UNSUPPORTED_FILE_TYPE: 'Only PDF, PNG and JPEG files can be faxed.',
  ENCRYPTED_DOCUMENT: 'The PDF is password-protected or encrypted.',
  CORRUPT_DOCUMENT: 'The file could not be read as a document.',
  TOO_MANY_PAGES: 'The fax has more pages than the 350 a carrier accepts.',
  UPLOAD_OFFSET_MISMATCH: 'The upload is not at that position; ask for its status and continue from there.',
  UPLOAD_INCOMPLETE: 'The upload has not received every byte yet.',
  INVALID_SIGNATURE: 'The webhook signature is missing, wrong or too old.',
  FAX_NOT_READY: 'This is only available once the fax has been delivered.',
  NOT_A_RECEIVED_FAX: 'Only a fax that has arrived can be marked read or unread.',
  MEDIA_NOT_READY: 'The fax document could not be fetched yet. Try again later.',
  INVALID_CARD: 'The card number, expiry or security code is not valid.',
  PAYMENT_DECLINED: 'The card was declined.',
  CARD_EXPIRED: 'The card has expired.',
  AUTHENTICATION_FAILED: 'The card could not be authenticated.',
  ALREADY_SUBSCRIBED: 'The account already has a paying plan.',
  NOT_SUBSCRIBED: 'The account has no paying plan to cancel.',
  PAYMENT_UNAVAILABLE: 'The payment processor could not be reached; nothing was changed. Try again in a few minutes.',
  INTERNAL: 'Something went wrong on our side. Please try again.',
};

/** An expected failure: answered as `{ error: { code, message } }` with its status by onError. */
export class ApiError extends HTTPException {
  readonly code: ErrorCode;
  readonly headers: Record<string, string>;

  constructor(status: ContentfulStatusCode, code: ErrorCode, message?: string, headers: Record<string, string> = {}) {
    super(status, { message: message ?? DEFAULT_MESSAGES[code] });
    this.code = code;
    this.headers = headers;
  }
}

export function defaultMessage(code: ErrorCode): string {
  return DEFAULT_MESSAGES[code];
}
