import { atom, computed } from 'nanostores';
import type { CoverPageTemplate } from '../common/cover-page';
import type { RecipientEntry } from '../components/send/recipient-list';
import { type SendLater, scheduleAt } from '../components/send/send-later-rules';
import { onTeardown } from './teardown';

// The fax being written on /send: everything the person typed or picked, in one store,
// so that nothing is lost when a send fails and a page rendered with a draft can start from it.
// The document's bytes are apart (./send-document.ts): a File and its upload are no draft values.

export interface SendDraft {
  /** The To field's chips, in the order given. */
  recipients: RecipientEntry[];
  /** What is typed in the To field and not a chip yet. */
  recipientText: string;
  anonymous: boolean;
  withCover: boolean;
  template: CoverPageTemplate;
  /** null: not edited, so it follows the first recipient's contact. */
  toName: string | null;
  /** null: not edited, so it follows the first recipient's number. */
  coverToNumber: string | null;
  /** null: not edited, so it follows the first recipient's contact. */
  toCompany: string | null;
  /** null: not edited, so it follows the account's name. */
  fromName: string | null;
  /** null: not edited, so it follows the user's own fax number. */
  fromNumber: string | null;
  fromCompany: string;
  subject: string;
  message: string;
  sendLater: SendLater;
}

export const EMPTY_DRAFT: SendDraft = {
  recipients: [],
  recipientText: '',
  anonymous: false,
  withCover: false,
  template: 'classic',
  toName: null,
  coverToNumber: null,
  toCompany: null,
  fromName: null,
  fromNumber: null,
  fromCompany: '',
  subject: '',
  message: '',
  sendLater: { enabled: false, local: '' },
};

export const $draft = atom<SendDraft>(EMPTY_DRAFT);

export function updateDraft<K extends keyof SendDraft>(key: K, value: SendDraft[K]): void {
  $draft.set({ ...$draft.get(), [key]: value });
}

/** When the fax is to go: now, at the time picked, or a time that cannot be (past, too far). */
export const $schedule = computed($draft, (draft) => scheduleAt(draft.sendLater, Date.now()));

// Signed out or gone: the fax being written is forgotten.
onTeardown(() => $draft.set(EMPTY_DRAFT));
