import phonebookMessages from 'virtual:messages/phonebook';
import type { ContactView } from '../../common/contacts';
import { translator } from '../../i18n/translator';
import Icon from '../icons/Icon';
import RowMenu from '../list/RowMenu';
import type { Selection } from '../list/use-selection';

const t = translator({ phonebook: phonebookMessages });

interface Props {
  contacts: ContactView[];
  selection: Selection;
  onEdit: (contact: ContactView) => void;
  onDelete: (contact: ContactView) => void;
}

/**
 * One contact: its name and company (a click anywhere on the row edits it), its number and e-mail,
 * a quick "send a fax" and a menu with the rest; on a phone, two lines.
 */
function ContactRow({
  contact,
  selected,
  onSelect,
  onEdit,
  onDelete,
}: Omit<Props, 'contacts' | 'selection'> & {
  contact: ContactView;
  selected: boolean;
  onSelect: (on: boolean) => void;
}) {
  const send = `/send?contact=${encodeURIComponent(contact.id)}`;
  const company = contact.company && contact.company !== contact.name ? contact.company : null;
  return (
    <li className="list-row contact-row">
      <input
        type="checkbox"
        checked={selected}
        aria-label={t('phonebook.select', { name: contact.name })}
        onChange={(event) => onSelect(event.currentTarget.checked)}
      />
      <div className="contact-who">
        <button
          type="button"
          className="row-link contact-name"
          aria-label={t('phonebook.editLabel', { name: contact.name })}
          onClick={() => onEdit(contact)}
        >
          {contact.name}
        </button>
        {company && <span className="contact-company">{company}</span>}
      </div>
      <span className="contact-number number-display">
        <span className="visually-hidden">{t('phonebook.faxLabel')}: </span>
        {contact.faxDisplay}
      </span>
      <span className="contact-email">
        {contact.email && (
          <>
            <span className="visually-hidden">{t('phonebook.emailLabel')}: </span>
            {contact.email}
          </>
        )}
      </span>
      <span className="contact-actions">
        <a
          className="button ghost small icon-only"
          href={send}
          aria-label={t('phonebook.sendFaxLabel', { name: contact.name })}
          title={t('phonebook.sendFax')}
        >
          <Icon name="send" />
        </a>
        <RowMenu
          label={t('phonebook.menuLabel', { name: contact.name })}
          actions={[
            { label: t('phonebook.sendFaxShort'), icon: 'send', href: send },
            { label: t('phonebook.edit'), icon: 'pencil', onSelect: () => onEdit(contact) },
            { label: t('phonebook.delete'), icon: 'trash-2', separated: true, danger: true, onSelect: () => onDelete(contact) },
          ]}
        />
      </span>
    </li>
  );
}

export default function ContactList({ contacts, selection, onEdit, onDelete }: Props) {
  return (
    <ul className="contact-list" aria-label={t('phonebook.listLabel')}>
      {contacts.map((contact) => (
        <ContactRow
          key={contact.id}
          contact={contact}
          selected={selection.selected.has(contact.id)}
          onSelect={(on) => selection.toggle(contact.id, on)}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      ))}
    </ul>
  );
}
