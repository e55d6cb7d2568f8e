import sendTo from 'virtual:messages/send.to';
import type { ContactView } from '../../common/contacts';
import { translator } from '../../i18n/translator';

const t = translator({ send: { to: sendTo } });

interface Props {
  /** The listbox's id; option `i` is `${id}-${i}` (the field's aria-activedescendant). */
  id: string;
  contacts: readonly ContactView[];
  hidden: boolean;
  /** The option Enter would choose, or -1. */
  active: number;
  onChoose: (contact: ContactView) => void;
}

/** The phonebook's matches under the To field: focus stays in the field, which names the active one. */
export default function ContactOptions({ id, contacts, hidden, active, onChoose }: Props) {
  return (
    <div id={id} role="listbox" aria-label={t('send.to.listLabel')} className="contact-options" hidden={hidden}>
      {contacts.map((contact, index) => (
        <div
          key={contact.id}
          id={`${id}-${index}`}
          role="option"
          tabIndex={-1}
          aria-selected={index === active}
          className={index === active ? 'active' : undefined}
          // Chosen on mouse down, before the field's blur closes the list.
          onMouseDown={(event) => {
            event.preventDefault();
            onChoose(contact);
          }}
        >
          <span className="contact-option-name">{contact.name}</span>
          <span className="contact-option-detail">
            {contact.company && contact.company !== contact.name ? `${contact.company} · ` : ''}
            <span className="contact-option-number">{contact.faxDisplay}</span>
          </span>
        </div>
      ))}
    </div>
  );
}
