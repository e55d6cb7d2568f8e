import title from 'virtual:message/send.title';
import composer from 'virtual:messages/send.composer';
import { type FormEvent, useEffect } from 'react';
import type { AccountDetails } from '../../common/account-view';
import type { ContactView } from '../../common/contacts';
import { translator } from '../../i18n/translator';
import { seedAccount } from '../../stores/account';
import { $draft, updateDraft } from '../../stores/send-draft';
import { $ownFaxNumber, sendFax } from '../../stores/send-fax';
import { addContact } from '../../stores/send-recipients';
import DropZone from './DropZone';
import RecipientField from './RecipientField';
import SendOptions from './SendOptions';
import SendSummary from './SendSummary';
import { focusArea } from './send-areas';
import './send-composer.css';

const t = translator({ send: { title, composer } });

/** Send pressed: the fax goes, or the person is taken to the first thing to fix. */
function sendFromComposer(event: FormEvent<HTMLFormElement>): void {
  event.preventDefault();
  void sendFax().then((area) => {
    if (area) focusArea(area);
  });
}

interface Props {
  /** The user's own fax number (E.164), the cover page's default "from" number; null without one. */
  ownFaxNumber: string | null;
  /** Where upload problems tell the user to write (SUPPORT_EMAIL). */
  supportEmail: string;
  /** The account as the page was rendered (its name and credits); followed live after. */
  account: AccountDetails | null;
  /** The contact the page was opened to send to (the phonebook's "Send a fax"), or null. */
  contact: ContactView | null;
  /** The number the page was opened to send to when no contact has it (a fax's "Send a fax to this number"). */
  toNumber: string | null;
}

/**
 * Send a fax (spec §2 /send): one composer (To, the document, its options) beside a
 * summary with Send that stays in view. Its state is one draft store (stores/send-draft.ts).
 */
export default function SendFax({ ownFaxNumber, supportEmail, account, contact, toNumber }: Props) {
  useEffect(() => $ownFaxNumber.set(ownFaxNumber), [ownFaxNumber]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page's account starts the store once
  useEffect(() => seedAccount(account), []);
  // Opened to send to someone (decisions 026, 033): they are the first recipient, once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page's recipient is added once
  useEffect(() => {
    if (contact) addContact(contact);
    else if (toNumber && $draft.get().recipients.length === 0) updateDraft('recipients', [{ number: toNumber, contact: null }]);
  }, []);
  const renderedCredits = account ? account.faxCredits.defaultCreditsSend + account.faxCredits.paidCreditsSend : null;

  return (
    <form className="send-composer" noValidate onSubmit={sendFromComposer}>
      {/* The form's default button, disabled: Enter in a field (a cover page's subject) never sends; only Send does. */}
      <button type="submit" disabled hidden aria-hidden="true" tabIndex={-1} />
      <header className="page-header send-header">
        <div>
          <h1>{t('send.title')}</h1>
          <p>{t('send.composer.intro')}</p>
        </div>
      </header>
      <div className="card composer">
        <RecipientField />
        <DropZone supportEmail={supportEmail} />
        <SendOptions />
      </div>
      <SendSummary renderedCredits={renderedCredits} />
    </form>
  );
}
