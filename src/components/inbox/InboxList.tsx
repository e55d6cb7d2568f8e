import { formatOwnNumber } from '../../common/phone-text';
import faxFiltersMessages from 'virtual:messages/faxFilters';
import faxSelectionMessages from 'virtual:messages/faxSelection';
import inboxMessages from 'virtual:messages/inbox';
import { translator } from '../../i18n/translator';
import type { FaxListPage } from '../../common/faxes';
import { type FaxListState, hasMoreFaxes, renderedListState } from '../../stores/fax-list';
import { hasFilters, NO_FILTERS } from '../../stores/fax-list-filters';
import {
  $inboxFaxes,
  $inboxFilters,
  applyInboxUpdate,
  loadInboxFaxes,
  loadMoreInboxFaxes,
  setInboxFilters,
  startInboxFaxes,
} from '../../stores/inbox';
import { useSeededStore } from '../page-data/use-seeded-store';
import FaxFilters, { NoFaxesMatch } from '../faxes/FaxFilters';
import InboxRow from './InboxRow';
import { TrashSelectedBar, useFaxSelection } from '../faxes/TrashSelection';
import { withTimeZone } from '../time/time-zone';
import '../faxes/fax-table.css';
import './inbox.css';

const t = translator({ faxFilters: faxFiltersMessages, faxSelection: faxSelectionMessages, inbox: inboxMessages });

function EmptyInbox({ faxNumber }: { faxNumber: string | null }) {
  return (
    <section className="card empty-state">
      {faxNumber ? (
        <p>{t('inbox.emptyWithNumber', { number: formatOwnNumber(faxNumber) })}</p>
      ) : (
        <>
          <p>{t('inbox.emptyNoNumber')}</p>
          <a className="button primary" href="/reserveNumber">
            {t('inbox.getNumber')}
          </a>
        </>
      )}
    </section>
  );
}

/**
 * The received-fax history, newest first; new faxes appear at the top as they arrive (spec §2
 * /inbox). `firstPage`: the first page the page was rendered with; null when the address holds filters.
 */
function InboxList({ faxNumber, firstPage }: { faxNumber: string | null; firstPage: FaxListPage | null }) {
  // The filters fill from the address as the island hydrates; until then the server's (none).
  const state = useSeededStore($inboxFaxes, renderedListState(firstPage), () => startInboxFaxes(firstPage));
  const filters = useSeededStore($inboxFilters, NO_FILTERS, () => undefined);
  const filtered = hasFilters(filters);
  // Nothing to search in an inbox with no fax yet.
  const nothingYet = state.kind === 'ready' && state.list.total === 0 && !filtered;
  return (
    <>
      {!nothingYet && <FaxFilters direction="RECEIVE" filters={filters} onChange={setInboxFilters} />}
      <InboxResults state={state} filtered={filtered} faxNumber={faxNumber} />
    </>
  );
}

/** The inbox with its selection bar first, kept in place when a move empties the list. */
function InboxResults({ state, filtered, faxNumber }: { state: FaxListState; filtered: boolean; faxNumber: string | null }) {
  const selection = useFaxSelection(state.kind === 'ready' ? state.list.faxes : []);
  return (
    <>
      <TrashSelectedBar selected={selection.selected} clear={selection.clear} onMoved={(faxes) => faxes.forEach(applyInboxUpdate)} />
      <InboxResultsBody state={state} filtered={filtered} faxNumber={faxNumber} selection={selection} />
    </>
  );
}

function InboxResultsBody({
  state,
  filtered,
  faxNumber,
  selection,
}: {
  state: FaxListState;
  filtered: boolean;
  faxNumber: string | null;
  selection: ReturnType<typeof useFaxSelection>;
}) {
  if (state.kind === 'loading') return <p className="muted">{t('inbox.loading')}</p>;
  if (state.kind === 'failed') {
    return (
      <div>
        <p className="form-error" role="alert">
          {t('inbox.loadFailed', { reason: state.reason })}
        </p>
        <button type="button" className="button secondary" onClick={() => void loadInboxFaxes()}>
          {t('inbox.tryAgain')}
        </button>
      </div>
    );
  }

  const { list } = state;
  if (list.faxes.length === 0 && filtered) return <NoFaxesMatch onClear={() => setInboxFilters(NO_FILTERS)} />;
  if (list.faxes.length === 0) return <EmptyInbox faxNumber={faxNumber} />;

  return (
    <section className="card" aria-busy={state.searching}>
      <div className="table-scroll">
        <table className="data-table fax-table inbox-table" aria-label={t('inbox.listLabel')}>
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">{t('faxSelection.column')}</span>
              </th>
              <th scope="col">{t('inbox.from')}</th>
              <th scope="col">{t('inbox.status')}</th>
              <th scope="col">{t('inbox.when')}</th>
              <th scope="col">{t('inbox.pages')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('inbox.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody aria-live="polite">
            {list.faxes.map((fax) => (
              <InboxRow
                key={fax.id}
                fax={fax}
                onChanged={applyInboxUpdate}
                selected={selection.selected.has(fax.id)}
                onToggle={(on) => selection.toggle(fax.id, on)}
              />
            ))}
          </tbody>
        </table>
      </div>
      <div className="list-footer">
        <p className="muted" role="status">
          {state.searching
            ? t('faxFilters.searching')
            : t(filtered ? 'faxFilters.showingFound' : 'inbox.showing', { loaded: list.faxes.length, total: list.total })}
        </p>
        {hasMoreFaxes(list) && (
          <button type="button" className="button secondary" disabled={state.loadingMore} onClick={() => void loadMoreInboxFaxes()}>
            {state.loadingMore ? t('inbox.loadingMore') : t('inbox.loadMore')}
          </button>
        )}
      </div>
      {state.moreFailed && (
        <p className="form-error" role="alert">
          {t('inbox.loadFailed', { reason: state.moreFailed })}
        </p>
      )}
    </section>
  );
}

export default withTimeZone(InboxList);
