import sendTo from 'virtual:messages/send.to';
import { useStore } from '@nanostores/react';
import { type ClipboardEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { translator } from '../../i18n/translator';
import { preloadPhoneParser } from '../../lib/phone-parser';
import { $picker, closeContactSearch, searchContacts } from '../../stores/contact-picker';
import { $draft, updateDraft } from '../../stores/send-draft';
import { $sendAttempts, $shownProblems, $submission, clearRefusal } from '../../stores/send-fax';
import {
  $recipientList,
  addContact,
  addTypedNumbersNow,
  addTypedRecipients,
  editRecipient,
  type RecipientNote,
  removeRecipient,
} from '../../stores/send-recipients';
import ContactOptions from './ContactOptions';
import RecipientChips, { invalidText } from './RecipientChips';
import { looksLikeNumber } from './recipient-list';
import { noteText, searchText } from './recipient-text';
import { AREA_CONTROL } from './send-areas';
import { problemText, refusalText } from './send-problem-text';
import { problemOf } from './send-problems';
import './recipient-field.css';

const t = translator({ send: { to: sendTo } });

/** Pasted text that holds several entries: each becomes a chip at once. */
const LIST_SEPARATOR = /[\n\r,;\t]/;

/**
 * "To": one field for contacts and numbers. Typing a name offers the phonebook's
 * matches (WAI-ARIA's combobox with a list: arrows, Enter, Escape); a number becomes a chip on
 * Enter, a comma or leaving the field; a pasted list becomes many; Backspace in the empty field
 * removes the last chip.
 */
export default function RecipientField() {
  const text = useStore($draft).recipientText;
  const list = useStore($recipientList);
  const picker = useStore($picker);
  const problem = problemOf(useStore($shownProblems), 'to');
  const attempts = useStore($sendAttempts);
  const refusal = refusalText(useStore($submission), 'to');
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState<RecipientNote | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const ids = { list: useId(), hint: useId(), status: useId(), error: useId() };

  const contacts = picker.kind === 'found' || picker.kind === 'searching' ? picker.contacts : [];
  const expanded = open && text.trim() !== '' && contacts.length > 0;
  // A name being typed: Enter takes the first match. A number: Enter makes it a chip.
  const current = !expanded ? -1 : active >= 0 ? active : looksLikeNumber(text) ? -1 : 0;

  const say = (result: RecipientNote | null) => setNote(result);
  const closeList = () => {
    setOpen(false);
    setActive(-1);
    closeContactSearch();
  };
  const addTyped = (typed?: string) => {
    closeList();
    void addTypedRecipients(typed).then(say);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const { key } = event;
    if ((key === 'ArrowDown' || key === 'ArrowUp') && contacts.length > 0) {
      event.preventDefault();
      setOpen(true);
      const step = key === 'ArrowDown' ? 1 : -1;
      const from = current >= 0 ? current : step > 0 ? -1 : 0;
      setActive((from + step + contacts.length) % contacts.length);
    } else if (key === 'Enter') {
      // Enter chooses or adds here; it never sends the fax.
      event.preventDefault();
      const contact = current >= 0 ? contacts[current] : undefined;
      if (contact) {
        say(addContact(contact));
        closeList();
      } else if (looksLikeNumber(text)) addTyped();
    } else if ((key === ',' || key === ';') && looksLikeNumber(text)) {
      event.preventDefault();
      addTyped();
    } else if (key === 'Escape' && expanded) {
      event.preventDefault();
      closeList();
    } else if (key === 'Backspace' && text === '' && list.read.length > 0) {
      say(removeRecipient(list.read.length - 1));
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text/plain');
    if (!LIST_SEPARATOR.test(pasted.trim())) return;
    event.preventDefault();
    addTyped(`${text}${text.trim() ? ', ' : ''}${pasted}`);
  };

  const invalid = list.invalid.map((recipient) => (recipient.state === 'invalid' ? invalidText(recipient) : '')).join(' · ');
  const error = refusal ?? (problem ? problemText(problem) : invalid || null);
  const searchStatus = open && text.trim() !== '' ? searchText(picker) : null;

  return (
    <div className={`field recipient-field${error ? ' has-error' : ''}`}>
      <label htmlFor={AREA_CONTROL.to}>{t('send.to.label')}</label>
      <div className="recipient-combo">
        {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: a click on the box's empty part is the pointer's shortcut to the field, which has the keyboard's */}
        <div className="recipient-box" onClick={(event) => event.target === event.currentTarget && input.current?.focus()}>
          <RecipientChips
            recipients={list.read}
            onRemove={(index) => {
              say(removeRecipient(index));
              input.current?.focus();
            }}
            onEdit={(index) => {
              editRecipient(index);
              input.current?.focus();
            }}
          />
          <input
            ref={input}
            id={AREA_CONTROL.to}
            className="recipient-input"
            type="text"
            role="combobox"
            autoComplete="off"
            enterKeyHint="enter"
            placeholder={list.read.length === 0 ? t('send.to.placeholder') : undefined}
            maxLength={4000}
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={ids.list}
            aria-activedescendant={current >= 0 ? `${ids.list}-${current}` : undefined}
            aria-describedby={`${ids.hint} ${ids.error} ${ids.status}`}
            aria-invalid={error ? true : undefined}
            value={text}
            onChange={(event) => {
              updateDraft('recipientText', event.target.value);
              clearRefusal();
              setNote(null);
              setActive(-1);
              setOpen(true);
              searchContacts(event.target.value);
            }}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            // The phone library loads as the person starts on the field, not with the page.
            onFocus={() => {
              preloadPhoneParser();
              setOpen(true);
            }}
            onBlur={() => {
              setOpen(false);
              void addTypedNumbersNow()?.then(say);
            }}
          />
        </div>
        <ContactOptions
          id={ids.list}
          contacts={contacts}
          hidden={!expanded}
          active={current}
          onChoose={(contact) => {
            say(addContact(contact));
            closeList();
            input.current?.focus();
          }}
        />
      </div>
      {/* Said when Send brought the person here (each press anew), or the server refused a number. */}
      <p key={attempts} id={ids.error} className="field-error" role={problem || refusal ? 'alert' : undefined}>
        {error}
      </p>
      <p className="hint" id={ids.hint}>
        {t('send.to.hint')}
      </p>
      {/* A chip added or removed shows itself: that is said only to a screen reader. A merge or the limit is said to all. */}
      <p
        id={ids.status}
        role="status"
        className={`hint recipient-status${!searchStatus && note && (note.kind === 'added' || note.kind === 'removed') ? ' visually-hidden' : ''}`}
      >
        {searchStatus ?? (note ? noteText(note) : '')}
      </p>
    </div>
  );
}
