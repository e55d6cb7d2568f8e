import type { FaxFailureReason } from '../../src/common/faxes';

// The published, closed list of why a fax failed (decision 046): each reason of the product
// (src/common/faxes.ts), lower-cased, with whether sending the same fax again may succeed. The fax
// itself says how many pages got through (`failure.pages_sent`). A new reason is a new entry here
// and in docs/api-v1.md; the compiler refuses a reason left out.

export const FAILURE_REASONS: Record<FaxFailureReason, { retryable: boolean; description: string }> = {
  BUSY: { retryable: true, description: 'The line was busy on every attempt.' },
  NO_ANSWER: { retryable: true, description: 'Nobody answered on any attempt.' },
  NOT_A_FAX_MACHINE: { retryable: false, description: 'A person or a voice system answered, not a fax machine.' },
  INVALID_NUMBER: { retryable: false, description: 'The number does not exist or cannot be called.' },
  LINE_DROPPED: { retryable: true, description: 'The call broke off during the transmission.' },
  REJECTED: { retryable: false, description: 'The receiving machine refused the fax.' },
  DESTINATION_NOT_ALLOWED: { retryable: false, description: 'We do not send faxes to this destination.' },
  DOCUMENT_UNREADABLE: { retryable: false, description: 'The document could not be prepared for faxing.' },
  CARRIER_ERROR: { retryable: true, description: 'The phone network failed on its side.' },
  CANCELLED: { retryable: false, description: 'The scheduled fax was cancelled before it started (credits given back).' },
};

export const FAILURE_REASON_NAMES = Object.keys(FAILURE_REASONS).map((reason) => reason.toLowerCase()) as Array<
  Lowercase<FaxFailureReason>
>;
