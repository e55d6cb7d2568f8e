import phonebookMessages from 'virtual:messages/phonebook';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import type { ContactListPage } from '../../common/contacts';
import { translator } from '../../i18n/translator';
import {
  $phonebook,
  $phonebookSearch,
  loadMoreContacts,
  loadPhonebook,
  renderedPhonebook,
  searchPhonebook,
  startPhonebook,
} from '../../stores/phonebook';
import { showToast } from '../../stores/toasts';
import ConfirmDialog from '../forms/ConfirmDialog';
import Icon from '../icons/Icon';
import RowMenu from '../list/RowMenu';
import { useSelection } from '../list/use-selection';
import { useSeededStore } from '../page-data/use-seeded-store';
import Toasts from '../toasts/Toasts';
import ContactForm from './ContactForm';
import ContactImport from './ContactImport';
import { type Deleting, deleteAsked, deletingOf } from './contact-deletion';
import PhonebookBody, { type Panel } from './PhonebookBody';
import '../list/list.css';
import './phonebook.css';

const t = translator({ phonebook: phonebookMessages });

/**
 * /phonebook, "Contacts" (decision 026): search and the list first; add, edit and import in dialogs;
 * delete one or several (asked first); export from the header. What was done is said in a toast.
 * `firstPage`: the first page the page was rendered with.
 */
export default function Phonebook({ firstPage }: { firstPage: ContactListPage | null }) {
  const state = useSeededStore($phonebook, renderedPhonebook(firstPage), () => startPhonebook(firstPage));
  const search = useStore($phonebookSearch);
  const listed = state.kind === 'ready' ? state.page.contacts : [];
  const selection = useSelection(listed.map((contact) => contact.id));
  const [panel, setPanel] = useState<Panel>({ kind: 'none' });
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const searchId = useId();

  // "Add to phonebook" on a fax's page opens /phonebook?add=<its number>: the form opens with it.
  useEffect(() => {
    const faxNumber = new URLSearchParams(window.location.search).get('add');
    if (!faxNumber) return;
    setPanel({ kind: 'add', faxNumber: faxNumber.slice(0, 40) });
    window.history.replaceState(null, '', window.location.pathname);
  }, []);

  const closePanel = (saved: string | null = null): void => {
    setPanel({ kind: 'none' });
    if (saved) showToast(saved);
  };

  const confirmDelete = async (): Promise<void> => {
    if (!deleting) return;
    setBusy(true);
    setFailure(null);
    const outcome = await deleteAsked(deleting);
    setBusy(false);
    setDeleting(null);
    if (outcome.ok) {
      selection.clear();
      showToast(outcome.said);
    } else setFailure(outcome.said);
  };

  const nothingYet = state.kind === 'ready' && state.page.total === 0 && !state.search && !search;
  return (
    <div className="list-page phonebook">
      <header className="page-header">
        <h1>{t('phonebook.title')}</h1>
        <div className="button-row">
          <RowMenu
            label={t('phonebook.importExportLabel')}
            text={{ words: t('phonebook.importExport'), icon: 'import' }}
            actions={[
              { label: t('phonebook.import'), icon: 'import', onSelect: () => setPanel({ kind: 'import' }) },
              { label: t('phonebook.exportCsv'), icon: 'file-down', href: '/api/exportContacts?format=csv', download: 'phonebook.csv' },
              { label: t('phonebook.exportVcard'), icon: 'file-down', href: '/api/exportContacts?format=vcard', download: 'phonebook.vcf' },
            ]}
          />
          <button type="button" className="button primary" onClick={() => setPanel({ kind: 'add' })}>
            <Icon name="user-plus" />
            {t('phonebook.add')}
          </button>
        </div>
      </header>

      {!nothingYet && (
        <search className="search-field">
          <Icon name="search" />
          <label className="visually-hidden" htmlFor={searchId}>
            {t('phonebook.searchLabel')}
          </label>
          <input
            id={searchId}
            type="search"
            autoComplete="off"
            maxLength={80}
            placeholder={t('phonebook.searchLabel')}
            value={search}
            onChange={(event) => searchPhonebook(event.target.value)}
          />
        </search>
      )}

      <PhonebookBody
        state={state}
        selection={selection}
        busy={busy}
        failure={failure}
        onPanel={setPanel}
        onDelete={(contacts) => setDeleting(deletingOf(contacts))}
        onClearSearch={() => searchPhonebook('')}
        onReload={() => void loadPhonebook()}
        onLoadMore={() => void loadMoreContacts()}
      />

      {(panel.kind === 'add' || panel.kind === 'edit') && (
        <ContactForm
          contact={panel.kind === 'edit' ? panel.contact : null}
          faxNumber={panel.kind === 'add' ? panel.faxNumber : undefined}
          onClose={closePanel}
        />
      )}
      {panel.kind === 'import' && <ContactImport onClose={() => closePanel()} />}
      {deleting && (
        <ConfirmDialog
          title={deleting.question}
          detail={t('phonebook.confirmDeleteDetail')}
          confirmLabel={t('phonebook.confirmDelete')}
          cancelLabel={t('phonebook.keep')}
          busy={busy}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
        />
      )}
      <Toasts />
    </div>
  );
}
