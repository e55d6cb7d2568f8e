import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import type { ContactListPage, ContactView } from '../../common/contacts';
import phonebookMessages from 'virtual:messages/phonebook';
import { translator } from '../../i18n/translator';
import {
  $phonebook,
  $phonebookSearch,
  deleteContacts,
  hasMoreContacts,
  loadMoreContacts,
  loadPhonebook,
  renderedPhonebook,
  searchPhonebook,
  startPhonebook,
} from '../../stores/phonebook';
import { useSeededStore } from '../page-data/use-seeded-store';
import ContactForm from './ContactForm';
import ContactImport from './ContactImport';
import ContactList from './ContactList';
import './phonebook.css';

const t = translator({ phonebook: phonebookMessages });

type Panel = { kind: 'none' } | { kind: 'add'; faxNumber?: string } | { kind: 'edit'; contact: ContactView } | { kind: 'import' };
/** Contacts waiting for the user to confirm their deletion, and how to name them. */
type PendingDelete = { ids: string[]; text: string } | null;

/** Asks before deleting; focus goes to the confirming button so the question is heard. */
function ConfirmDelete({
  pending,
  busy,
  onConfirm,
  onKeep,
}: {
  pending: NonNullable<PendingDelete>;
  busy: boolean;
  onConfirm: () => void;
  onKeep: () => void;
}) {
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => confirm.current?.focus(), []);
  return (
    <fieldset className="confirm-delete">
      <legend>{pending.text}</legend>
      <div className="button-row">
        <button ref={confirm} type="button" className="button danger" disabled={busy} onClick={onConfirm}>
          {t('phonebook.confirmDelete')}
        </button>
        <button type="button" className="button secondary" disabled={busy} onClick={onKeep}>
          {t('phonebook.keep')}
        </button>
      </div>
    </fieldset>
  );
}

/**
 * /phonebook: search, add, edit, delete one or several, import and export the user's contacts.
 * `firstPage`: the first page the page was rendered with.
 */
export default function Phonebook({ firstPage }: { firstPage: ContactListPage | null }) {
  const state = useSeededStore($phonebook, renderedPhonebook(firstPage), () => startPhonebook(firstPage));
  const search = useStore($phonebookSearch);
  const [panel, setPanel] = useState<Panel>({ kind: 'none' });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState<PendingDelete>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ids = { search: useId(), searchHint: useId() };
  const addButton = useRef<HTMLButtonElement>(null);

  // A selection only holds contacts still listed (another tab may have deleted some).
  const listed = state.kind === 'ready' ? state.page.contacts : [];
  useEffect(() => {
    const present = new Set(listed.map((contact) => contact.id));
    setSelected((current) =>
      Array.from(current).every((id) => present.has(id)) ? current : new Set(Array.from(current).filter((id) => present.has(id))),
    );
  }, [listed]);

  // "Add to phonebook" on a fax's page opens /phonebook?add=<its number>: the form opens with it.
  useEffect(() => {
    const faxNumber = new URLSearchParams(window.location.search).get('add');
    if (!faxNumber) return;
    setPanel({ kind: 'add', faxNumber: faxNumber.slice(0, 40) });
    window.history.replaceState(null, '', window.location.pathname);
  }, []);

  const closePanel = (saved: string | null = null) => {
    setPanel({ kind: 'none' });
    if (saved) setNotice(saved);
    addButton.current?.focus();
  };

  const select = (contactId: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(contactId);
    else next.delete(contactId);
    setSelected(next);
  };

  const askDelete = (contacts: ContactView[]) => {
    setError(null);
    setPending({
      ids: contacts.map((contact) => contact.id),
      text:
        contacts.length === 1
          ? t('phonebook.confirmDeleteOne', { name: contacts[0]!.name })
          : t('phonebook.confirmDeleteMany', { count: contacts.length }),
    });
  };

  async function confirmDelete(): Promise<void> {
    if (!pending) return;
    setBusy(true);
    const names = listed.filter((contact) => pending.ids.includes(contact.id));
    const result = await deleteContacts(pending.ids);
    setBusy(false);
    setPending(null);
    if (!result.ok) {
      setError(t('phonebook.deleteFailed', { reason: result.message }));
      return;
    }
    setSelected(new Set());
    setNotice(
      result.data.deleted === 1 && names[0]
        ? t('phonebook.deletedOne', { name: names[0].name })
        : t('phonebook.deletedMany', { count: result.data.deleted }),
    );
  }

  return (
    <div className="phonebook">
      <header className="page-header">
        <h1>{t('phonebook.title')}</h1>
        <div className="button-row">
          <button ref={addButton} type="button" className="button primary" onClick={() => setPanel({ kind: 'add' })}>
            {t('phonebook.add')}
          </button>
          <button type="button" className="button secondary" onClick={() => setPanel({ kind: 'import' })}>
            {t('phonebook.import')}
          </button>
        </div>
      </header>
      <p className="muted">{t('phonebook.intro')}</p>

      {(panel.kind === 'add' || panel.kind === 'edit') && (
        <ContactForm
          key={panel.kind === 'edit' ? panel.contact.id : 'add'}
          contact={panel.kind === 'edit' ? panel.contact : null}
          faxNumber={panel.kind === 'add' ? panel.faxNumber : undefined}
          onClose={closePanel}
        />
      )}
      {panel.kind === 'import' && <ContactImport onClose={() => closePanel()} />}

      <p role="status" className="form-done phonebook-notice">
        {notice}
      </p>

      <section className="card" aria-label={t('phonebook.listLabel')}>
        <div className="field">
          <label htmlFor={ids.search}>{t('phonebook.searchLabel')}</label>
          <input
            id={ids.search}
            type="search"
            autoComplete="off"
            maxLength={80}
            aria-describedby={ids.searchHint}
            value={search}
            onChange={(event) => searchPhonebook(event.target.value)}
          />
          <p className="hint" id={ids.searchHint}>
            {t('phonebook.searchHint')}
          </p>
        </div>

        {selected.size > 0 && !pending && (
          <div className="selection-bar">
            <p>{t('phonebook.selectedCount', { count: selected.size })}</p>
            <div className="button-row">
              <button
                type="button"
                className="button secondary"
                onClick={() => askDelete(listed.filter((contact) => selected.has(contact.id)))}
              >
                {t('phonebook.deleteSelected')}
              </button>
              <button type="button" className="button secondary" onClick={() => setSelected(new Set())}>
                {t('phonebook.clearSelection')}
              </button>
            </div>
          </div>
        )}
        {pending && <ConfirmDelete pending={pending} busy={busy} onConfirm={() => void confirmDelete()} onKeep={() => setPending(null)} />}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}

        {state.kind === 'loading' && <p className="muted">{t('phonebook.loading')}</p>}
        {state.kind === 'failed' && (
          <div>
            <p className="form-error" role="alert">
              {t('phonebook.loadFailed', { reason: state.reason })}
            </p>
            <button type="button" className="button secondary" onClick={() => void loadPhonebook()}>
              {t('phonebook.tryAgain')}
            </button>
          </div>
        )}
        {state.kind === 'ready' && state.page.total === 0 && (
          <p>{state.search ? t('phonebook.noMatch', { search: state.search }) : t('phonebook.empty')}</p>
        )}
        {state.kind === 'ready' && state.page.contacts.length > 0 && (
          <>
            <ContactList
              contacts={state.page.contacts}
              selected={selected}
              onSelect={select}
              onEdit={(contact) => setPanel({ kind: 'edit', contact })}
              onDelete={(contact) => askDelete([contact])}
            />
            <div className="list-footer">
              <p className="muted" role="status">
                {t('phonebook.showing', { loaded: state.page.contacts.length, total: state.page.total })}
              </p>
              {hasMoreContacts(state.page) && (
                <button type="button" className="button secondary" disabled={state.loadingMore} onClick={() => void loadMoreContacts()}>
                  {state.loadingMore ? t('phonebook.loadingMore') : t('phonebook.loadMore')}
                </button>
              )}
            </div>
            {state.moreFailed && (
              <p className="form-error" role="alert">
                {t('phonebook.loadFailed', { reason: state.moreFailed })}
              </p>
            )}
          </>
        )}
        <p className="phonebook-export">
          <a href="/api/exportContacts?format=csv" download="phonebook.csv">
            {t('phonebook.exportCsv')}
          </a>
          <a href="/api/exportContacts?format=vcard" download="phonebook.vcf">
            {t('phonebook.exportVcard')}
          </a>
        </p>
      </section>
    </div>
  );
}
