import phonebookMessages from 'virtual:messages/phonebook';
import type { ContactView } from '../../common/contacts';
import { translator } from '../../i18n/translator';
import { hasMoreContacts, type PhonebookState } from '../../stores/phonebook';
import BulkButton from '../faxes/BulkButton';
import EmptyState from '../list/EmptyState';
import ListToolbar from '../list/ListToolbar';
import LoadMore from '../list/LoadMore';
import type { Selection } from '../list/use-selection';
import ContactList from './ContactList';

const t = translator({ phonebook: phonebookMessages });

/** What opens over the list: the contact form (to add or edit) or the import. */
export type Panel = { kind: 'none' } | { kind: 'add'; faxNumber?: string } | { kind: 'edit'; contact: ContactView } | { kind: 'import' };

interface Props {
  state: PhonebookState;
  selection: Selection;
  busy: boolean;
  failure: string | null;
  onPanel: (panel: Panel) => void;
  onDelete: (contacts: ContactView[]) => void;
  onClearSearch: () => void;
  onReload: () => void;
  onLoadMore: () => void;
}

/** The phonebook's list in each of its states: loading, failed, empty (with the next step), no match, contacts. */
export default function PhonebookBody({ state, selection, busy, failure, onPanel, onDelete, onClearSearch, onReload, onLoadMore }: Props) {
  if (state.kind === 'loading') return <p className="muted list-loading">{t('phonebook.loading')}</p>;
  if (state.kind === 'failed') {
    return (
      <div className="banner bad" role="alert">
        <p className="banner-text">{t('phonebook.loadFailed', { reason: state.reason })}</p>
        <button type="button" className="button secondary small" onClick={onReload}>
          {t('phonebook.tryAgain')}
        </button>
      </div>
    );
  }
  const { page } = state;
  if (page.total === 0 && state.search) {
    return (
      <EmptyState icon="search" title={t('phonebook.noMatchTitle', { search: state.search })} text={t('phonebook.noMatchHelp')}>
        <button type="button" className="button secondary" onClick={onClearSearch}>
          {t('phonebook.clearSearch')}
        </button>
      </EmptyState>
    );
  }
  if (page.total === 0) {
    return (
      <EmptyState icon="book-user" title={t('phonebook.emptyTitle')} text={t('phonebook.empty')}>
        <button type="button" className="button primary" onClick={() => onPanel({ kind: 'add' })}>
          {t('phonebook.addFirst')}
        </button>
        <button type="button" className="button secondary" onClick={() => onPanel({ kind: 'import' })}>
          {t('phonebook.importFirst')}
        </button>
      </EmptyState>
    );
  }
  const ticked = page.contacts.filter((contact) => selection.selected.has(contact.id));
  return (
    <section className="card list-card">
      <ListToolbar
        selection={selection}
        selectable={page.contacts.map((contact) => contact.id)}
        labels={{
          selectAll: t('phonebook.selectAll'),
          selected: t('phonebook.selectedCount', { count: ticked.length }),
          bulk: t('phonebook.selectedLabel'),
          clear: t('phonebook.clearSelection'),
        }}
        count={t('phonebook.showing', { loaded: page.contacts.length, total: page.total })}
        bulk={<BulkButton icon="trash-2" label={t('phonebook.deleteSelected')} danger busy={busy} onClick={() => onDelete(ticked)} />}
      />
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      <ContactList
        contacts={page.contacts}
        selection={selection}
        onEdit={(contact) => onPanel({ kind: 'edit', contact })}
        onDelete={(contact) => onDelete([contact])}
      />
      <LoadMore
        more={hasMoreContacts(page)}
        loading={state.loadingMore}
        failed={state.moreFailed && t('phonebook.loadFailed', { reason: state.moreFailed })}
        labels={{ more: t('phonebook.loadMore'), loading: t('phonebook.loadingMore') }}
        onLoad={onLoadMore}
      />
    </section>
  );
}
