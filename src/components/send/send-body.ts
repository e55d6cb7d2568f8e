import type { CoverPage } from '../../common/cover-page';
import type { Recipient } from '../../common/send-many';
import type { SendDraft } from '../../stores/send-draft';
import type { ReadRecipient } from './recipient-list';
import { localDateOptionsAt } from './send-rules';

// What /send puts in the request bodies, from the draft: the cover page and the recipients.

/** What the cover page shows where the user has not typed anything of their own. */
export interface CoverDefaults {
  toName: string;
  toCompany: string;
  toNumber: string;
  fromName: string;
  fromNumber: string;
}

/** The cover page as it would be sent at `now`, with the sender's clock. */
export function buildCoverPage(draft: SendDraft, defaults: CoverDefaults, now: Date): CoverPage {
  return {
    template: draft.template,
    toName: (draft.toName ?? defaults.toName).trim(),
    toNumber: (draft.coverToNumber ?? defaults.toNumber).trim(),
    toCompany: (draft.toCompany ?? defaults.toCompany).trim(),
    fromName: (draft.fromName ?? defaults.fromName).trim(),
    fromNumber: (draft.fromNumber ?? defaults.fromNumber).trim(),
    fromCompany: draft.fromCompany.trim(),
    subject: draft.subject.trim(),
    message: draft.message.trim(),
    localDateOptions: localDateOptionsAt(now),
  };
}

/** Each recipient as sendFaxToMany takes it: a contact's name and company go on its own cover page. */
export function recipientsOf(valid: ReadonlyArray<Extract<ReadRecipient, { state: 'ok' }>>): Recipient[] {
  return valid.map(({ e164, entry }) => {
    const contact = entry.contact;
    if (!contact) return { toNumber: e164 };
    return {
      toNumber: e164,
      toName: contact.name,
      ...(contact.company && contact.company !== contact.name ? { toCompany: contact.company } : {}),
    };
  });
}
