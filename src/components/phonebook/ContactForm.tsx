import errorsMessages from 'virtual:messages/errors';
import phonebookMessages from 'virtual:messages/phonebook';
import { type FormEvent, useId, useState } from 'react';
import { CONTACT_LIMITS } from '../../common/contact-rules';
import type { ContactInput, ContactView } from '../../common/contacts';
import { isErrorCode } from '../../common/errors';
import { translator } from '../../i18n/translator';
import { addContact, editContact } from '../../stores/phonebook';
import Field from '../forms/Field';
import Modal from '../forms/Modal';

const t = translator({ errors: errorsMessages, phonebook: phonebookMessages });

interface Props {
  /** The contact being edited, or null to add one. */
  contact: ContactView | null;
  /** A number to start a new contact with (from a fax's "Add to phonebook"). */
  faxNumber?: string;
  /** The form is done: `saved` says what to announce, or null when cancelled. */
  onClose: (saved: string | null) => void;
}

const EMPTY: Required<ContactInput> = { name: '', faxNumber: '', company: '', email: '', note: '' };

// The server's own rules (zod and the phone library) are loaded once the form is in use, not with
// the phonebook (docs/decisions/032).
const loadContactRules = () => import('../../common/contacts');
const preloadContactRules = (): void => void loadContactRules().catch(() => undefined);

/** Why the typed fields cannot be saved, by the rules the server applies; null when they can. */
async function problemOf(input: ContactInput): Promise<string | null> {
  const { contactInputSchema } = await loadContactRules();
  const parsed = contactInputSchema.safeParse(input);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  if (isErrorCode(issue.message)) return t(`errors.${issue.message}`);
  return issue.path[0] === 'name' ? t('phonebook.nameRequired') : t('errors.INVALID_INPUT');
}

/** Adding or editing one contact, in a dialog over the list; the number is checked as the server checks it. */
export default function ContactForm({ contact, faxNumber, onClose }: Props) {
  const [fields, setFields] = useState<Required<ContactInput>>(
    contact
      ? { name: contact.name, faxNumber: contact.faxDisplay, company: contact.company, email: contact.email, note: contact.note }
      : { ...EMPTY, faxNumber: faxNumber ?? '' },
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { heading: useId(), note: useId() };

  const set = (key: keyof ContactInput) => (event: { target: { value: string } }) => setFields({ ...fields, [key]: event.target.value });

  async function save(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    // Without the rules (offline), the server checks the fields as it always does.
    const problem = await problemOf(fields).catch(() => null);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    const result = contact ? await editContact(contact.id, fields) : await addContact(fields);
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    onClose(t(contact ? 'phonebook.saved' : 'phonebook.added', { name: result.data.contact.name }));
  }

  return (
    <Modal labelledBy={ids.heading} className="contact-form" onClose={() => onClose(null)}>
      <h2 id={ids.heading}>{contact ? t('phonebook.editHeading', { name: contact.name }) : t('phonebook.addHeading')}</h2>
      <form noValidate onFocus={preloadContactRules} onSubmit={(event) => void save(event)}>
        <Field
          label={t('phonebook.name')}
          type="text"
          autoComplete="off"
          required
          maxLength={CONTACT_LIMITS.name}
          value={fields.name}
          onChange={set('name')}
        />
        <Field
          label={t('phonebook.faxNumber')}
          hint={t('phonebook.faxNumberHint')}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          required
          maxLength={CONTACT_LIMITS.faxNumber}
          value={fields.faxNumber}
          onChange={set('faxNumber')}
        />
        <Field
          label={t('phonebook.company')}
          type="text"
          autoComplete="off"
          maxLength={CONTACT_LIMITS.company}
          value={fields.company}
          onChange={set('company')}
        />
        <Field
          label={t('phonebook.email')}
          type="email"
          autoComplete="off"
          maxLength={CONTACT_LIMITS.email}
          value={fields.email}
          onChange={set('email')}
        />
        <div className="field">
          <label htmlFor={ids.note}>{t('phonebook.note')}</label>
          <textarea id={ids.note} rows={3} maxLength={CONTACT_LIMITS.note} value={fields.note} onChange={set('note')} />
        </div>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button secondary" disabled={busy} onClick={() => onClose(null)}>
            {t('phonebook.cancel')}
          </button>
          <button type="submit" className="button primary" disabled={busy} aria-busy={busy}>
            {busy ? t('phonebook.saving') : t('phonebook.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
