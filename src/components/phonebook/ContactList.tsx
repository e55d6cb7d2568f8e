import type { ContactView } from '../../common/contacts';
import phonebookMessages from 'virtual:messages/phonebook';
import { translator } from '../../i18n/translator';

const t = translator({ phonebook: phonebookMessages });

interface Props {
  contacts: ContactView[];
  selected: ReadonlySet<string>;
  onSelect: (contactId: string, selected: boolean) => void;
  onEdit: (contact: ContactView) => void;
  onDelete: (contact: ContactView) => void;
}

/** One contact: what it holds, a box to select it, and its actions; lays out as a card on a phone. */
function ContactRow({
  contact,
  selected,
  onSelect,
  onEdit,
  onDelete,
}: Omit<Props, 'contacts' | 'selected'> & { contact: ContactView; selected: boolean }) {
  const checkboxId = `contact-select-${contact.id}`;
  return (
    <li className="contact-row">
      <input
        id={checkboxId}
        type="checkbox"
        checked={selected}
        aria-label={t('phonebook.select', { name: contact.name })}
        onChange={(event) => onSelect(contact.id, event.target.checked)}
      />
      <div className="contact-facts">
        <p className="contact-name">{contact.name}</p>
        {contact.company && contact.company !== contact.name && <p className="muted">{contact.company}</p>}
        <p>
          <span className="visually-hidden">{t('phonebook.faxLabel')}: </span>
          <span className="number-display">{contact.faxDisplay}</span>
        </p>
        {contact.email && (
          <p>
            <span className="visually-hidden">{t('phonebook.emailLabel')}: </span>
            {contact.email}
          </p>
        )}
        {contact.note && (
          <p className="contact-note">
            <span className="visually-hidden">{t('phonebook.noteLabel')}: </span>
            {contact.note}
          </p>
        )}
      </div>
      <div className="contact-actions">
        <a
          className="button secondary"
          href={`/send?contact=${encodeURIComponent(contact.id)}`}
          aria-label={t('phonebook.sendFaxLabel', { name: contact.name })}
        >
          {t('phonebook.sendFax')}
        </a>
        <button
          type="button"
          className="button secondary"
          aria-label={t('phonebook.editLabel', { name: contact.name })}
          onClick={() => onEdit(contact)}
        >
          {t('phonebook.edit')}
        </button>
        <button
          type="button"
          className="button secondary"
          aria-label={t('phonebook.deleteLabel', { name: contact.name })}
          onClick={() => onDelete(contact)}
        >
          {t('phonebook.delete')}
        </button>
      </div>
    </li>
  );
}

export default function ContactList({ contacts, selected, onSelect, onEdit, onDelete }: Props) {
  return (
    <ul className="contact-list" aria-label={t('phonebook.listLabel')}>
      {contacts.map((contact) => (
        <ContactRow
          key={contact.id}
          contact={contact}
          selected={selected.has(contact.id)}
          onSelect={onSelect}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      ))}
    </ul>
  );
}
