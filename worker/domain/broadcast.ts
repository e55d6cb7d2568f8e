import type { CoverPage } from '../../src/common/cover-page';
import { formatPhoneForDisplay, toE164 } from '../../src/common/phone';
import type { Recipient } from '../../src/common/send-many';

// A send to many numbers (decision 025): the recipients as a person typed or pasted them, one fax each.

export interface ReadRecipient {
  /** E.164. */
  number: string;
  toName: string | null;
  toCompany: string | null;
}

/**
 * The recipients with their numbers read, duplicates merged (the first name given wins), in the
 * order given; or the positions (0-based) of those whose number cannot be read.
 */
export function readRecipients(
  recipients: readonly Recipient[],
): { ok: true; recipients: ReadRecipient[] } | { ok: false; unreadable: number[] } {
  const unreadable: number[] = [];
  const byNumber = new Map<string, ReadRecipient>();
  recipients.forEach((recipient, index) => {
    const number = toE164(recipient.toNumber);
    if (!number) {
      unreadable.push(index);
      return;
    }
    const known = byNumber.get(number);
    if (known) {
      known.toName ??= recipient.toName || null;
      known.toCompany ??= recipient.toCompany || null;
    } else {
      byNumber.set(number, { number, toName: recipient.toName || null, toCompany: recipient.toCompany || null });
    }
  });
  return unreadable.length > 0 ? { ok: false, unreadable } : { ok: true, recipients: [...byNumber.values()] };
}

/** The cover page of one recipient's copy: addressed to that recipient, the rest as the sender wrote it. */
export function coverPageFor(cover: CoverPage | null, recipient: ReadRecipient): CoverPage | null {
  if (!cover) return null;
  return {
    ...cover,
    toNumber: formatPhoneForDisplay(recipient.number),
    toName: recipient.toName ?? '',
    toCompany: recipient.toCompany ?? '',
  };
}
