import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import type { ContactView } from '../../common/contacts';
import sendMessages from 'virtual:messages/send';
import { translator } from '../../i18n/translator';
import { $pickedContact, $picker, chooseContact, searchContacts } from '../../stores/contact-picker';
import './contact-picker.css';

const t = translator({ send: sendMessages });

/**
 * "Find a contact": a combobox over the phonebook (WAI-ARIA's list autocomplete pattern). Arrow
 * keys move through the matches, Enter or a click chooses one, Escape closes the list.
 */
export default function ContactPicker({ chosen }: { chosen: ContactView | null }) {
  const picker = useStore($picker);
  const picked = useStore($pickedContact);
  const [query, setQuery] = useState(chosen?.name ?? '');
  // Opened to send to a contact: it is chosen as if picked here.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page's contact is chosen once
  useEffect(() => {
    if (chosen) chooseContact(chosen);
  }, []);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const ids = { input: useId(), hint: useId(), list: useId(), status: useId() };
  const contacts = picker.kind === 'found' ? picker.contacts : [];
  const expanded = open && contacts.length > 0;
  const optionId = (index: number) => `${ids.list}-${index}`;

  const choose = (contact: ContactView) => {
    chooseContact(contact);
    setQuery(contact.name);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (contacts.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + contacts.length) % contacts.length);
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      // Enter chooses the contact; it must not submit the send form.
      event.preventDefault();
      choose(contacts[active]!);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const status =
    picked !== null
      ? t('send.contactPicker.chosen', { name: picked.name })
      : picker.kind === 'failed'
        ? t('send.contactPicker.searchFailed', { reason: picker.reason })
        : picker.kind === 'found' && open
          ? contacts.length === 0
            ? t('send.contactPicker.noMatch')
            : contacts.length === 1
              ? t('send.contactPicker.resultsOne')
              : t('send.contactPicker.results', { count: contacts.length })
          : '';

  return (
    <div className="field contact-picker">
      <label htmlFor={ids.input}>{t('send.contactPicker.label')}</label>
      <input
        id={ids.input}
        type="text"
        role="combobox"
        autoComplete="off"
        maxLength={80}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={ids.list}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-describedby={`${ids.hint} ${ids.status}`}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(-1);
          setOpen(true);
          searchContacts(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
      />
      <p className="hint" id={ids.hint}>
        {t('send.contactPicker.hint')}
      </p>
      <div id={ids.list} role="listbox" aria-label={t('send.contactPicker.listLabel')} className="contact-options" hidden={!expanded}>
        {contacts.map((contact, index) => (
          <div
            key={contact.id}
            id={optionId(index)}
            role="option"
            // Focus stays in the field (aria-activedescendant names the active option).
            tabIndex={-1}
            aria-selected={index === active}
            className={index === active ? 'active' : undefined}
            // Chosen on mouse down, before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(contact);
            }}
          >
            <span className="contact-option-name">{contact.name}</span>
            <span className="muted">
              {contact.company && contact.company !== contact.name ? `${contact.company} · ` : ''}
              <span className="contact-option-number">{contact.faxDisplay}</span>
            </span>
          </div>
        ))}
      </div>
      <p id={ids.status} role="status" className={picked ? 'field-ok' : 'hint'}>
        {status}
      </p>
    </div>
  );
}
