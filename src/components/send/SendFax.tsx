import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import sendMessages from 'virtual:messages/send';
import { translator } from '../../i18n/translator';
import type { AccountDetails } from '../../common/account-view';
import type { ContactView } from '../../common/contacts';
import { seedAccount } from '../../stores/account';
import { $draft, $ownFaxNumber, updateDraft } from '../../stores/send-fax';
import ContactPicker from './ContactPicker';
import CoverPageFields from './CoverPageFields';
import DocumentPicker from './DocumentPicker';
import FaxNumberField from './FaxNumberField';
import MoreRecipients from './MoreRecipients';
import SendLater from './SendLater';
import SendSummary from './SendSummary';

const t = translator({ send: sendMessages });

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

/** Send a fax (spec §2 /send): number, document, optional cover page, options, send. */
export default function SendFax({ ownFaxNumber, supportEmail, account, contact, toNumber }: Props) {
  const draft = useStore($draft);
  const ids = { anonymous: useId(), anonymousHint: useId() };
  useEffect(() => $ownFaxNumber.set(ownFaxNumber), [ownFaxNumber]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page's account starts the store once
  useEffect(() => seedAccount(account), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page's number fills the field once
  useEffect(() => {
    if (toNumber) updateDraft('toNumber', toNumber);
  }, []);
  const renderedCredits = account ? account.faxCredits.defaultCreditsSend + account.faxCredits.paidCreditsSend : null;

  return (
    <form className="send-fax" noValidate onSubmit={(event) => event.preventDefault()}>
      <h1>{t('send.title')}</h1>
      <p className="muted">{t('send.intro')}</p>
      <section className="card" aria-labelledby="recipient-heading">
        <h2 id="recipient-heading">{t('send.recipientHeading')}</h2>
        <ContactPicker chosen={contact} />
        <FaxNumberField />
        <MoreRecipients />
      </section>
      <DocumentPicker supportEmail={supportEmail} />
      <CoverPageFields />
      <section className="card" aria-labelledby="options-heading">
        <h2 id="options-heading">{t('send.optionsHeading')}</h2>
        <div className="field checkbox">
          <input
            id={ids.anonymous}
            type="checkbox"
            checked={draft.anonymous}
            aria-describedby={ids.anonymousHint}
            onChange={(event) => updateDraft('anonymous', event.target.checked)}
          />
          <label htmlFor={ids.anonymous}>{t('send.anonymous')}</label>
        </div>
        <p className="hint" id={ids.anonymousHint}>
          {t('send.anonymousHint')}
        </p>
        <SendLater />
      </section>
      <SendSummary renderedCredits={renderedCredits} />
    </form>
  );
}
