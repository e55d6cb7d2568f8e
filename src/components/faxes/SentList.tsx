import type { FaxListPage, FaxView } from '../../common/faxes';
import { formatDateTime } from '../../i18n/dates';
import faxFiltersMessages from 'virtual:messages/faxFilters';
import faxSelectionMessages from 'virtual:messages/faxSelection';
import sentMessages from 'virtual:messages/sent';
import { translator } from '../../i18n/translator';
import { type FaxListState, renderedListState } from '../../stores/fax-list';
import { hasFilters, NO_FILTERS } from '../../stores/fax-list-filters';
import {
  $sentFaxes,
  $sentFilters,
  applySentUpdate,
  hasMoreFaxes,
  loadMoreSentFaxes,
  loadSentFaxes,
  setSentFilters,
  startSentFaxes,
} from '../../stores/faxes';
import { useSeededStore } from '../page-data/use-seeded-store';
import { SelectFaxCell, TrashSelectedBar, useFaxSelection } from './TrashSelection';
import FaxFilters, { NoFaxesMatch } from './FaxFilters';
import FaxStatusCell from './FaxStatusCell';
import { recipientText } from './fax-text';
import LocalTime from '../time/LocalTime';
import { useTimeZone, withTimeZone } from '../time/time-zone';
import './fax-table.css';

const t = translator({ faxFilters: faxFiltersMessages, faxSelection: faxSelectionMessages, sent: sentMessages });

function SentRow({ fax, selected, onToggle }: { fax: FaxView; selected: boolean; onToggle: (on: boolean) => void }) {
  const timeZone = useTimeZone();
  const when = formatDateTime(fax.start, timeZone);
  return (
    <tr>
      <SelectFaxCell
        fax={fax}
        label={t('sent.detailsLabel', { number: recipientText(fax), when })}
        selected={selected}
        onToggle={onToggle}
      />
      <td className="number-display">{recipientText(fax)}</td>
      <FaxStatusCell fax={fax} />
      <td>
        <LocalTime at={fax.start} />
      </td>
      <td>
        {fax.hasCoverPage && <span className="tag">{t('sent.coverPage')}</span>}
        {fax.anonymous && <span className="tag">{t('sent.anonymous')}</span>}
      </td>
      <td>
        <a href={`/faxDetails/${encodeURIComponent(fax.id)}`} aria-label={t('sent.detailsLabel', { number: recipientText(fax), when })}>
          {t('sent.details')}
        </a>
      </td>
    </tr>
  );
}

/**
 * The sent-fax history, newest first, kept up to date live (spec §2 /sent), searched by its filter
 * bar. `firstPage`: the first page the page was rendered with; null when the address holds filters.
 */
function SentList({ firstPage }: { firstPage: FaxListPage | null }) {
  // The filters fill from the address as the island hydrates; until then the server's (none).
  const state = useSeededStore($sentFaxes, renderedListState(firstPage), () => startSentFaxes(firstPage));
  const filters = useSeededStore($sentFilters, NO_FILTERS, () => undefined);
  const filtered = hasFilters(filters);
  // Nothing to search in a history with no fax yet.
  const nothingYet = state.kind === 'ready' && state.list.total === 0 && !filtered;
  return (
    <>
      {!nothingYet && <FaxFilters direction="SEND" filters={filters} onChange={setSentFilters} />}
      <SentResults state={state} filtered={filtered} />
    </>
  );
}

/**
 * The list with its selection bar first, in the same place whatever the list shows, so the bar's
 * "moved to the trash · Undo" stays when the move empties the list.
 */
function SentResults({ state, filtered }: { state: FaxListState; filtered: boolean }) {
  const selection = useFaxSelection(state.kind === 'ready' ? state.list.faxes : []);
  return (
    <>
      <TrashSelectedBar selected={selection.selected} clear={selection.clear} onMoved={(faxes) => faxes.forEach(applySentUpdate)} />
      <SentResultsBody state={state} filtered={filtered} selection={selection} />
    </>
  );
}

function SentResultsBody({
  state,
  filtered,
  selection,
}: {
  state: FaxListState;
  filtered: boolean;
  selection: ReturnType<typeof useFaxSelection>;
}) {
  if (state.kind === 'loading') return <p className="muted">{t('sent.loading')}</p>;
  if (state.kind === 'failed') {
    return (
      <div>
        <p className="form-error" role="alert">
          {t('sent.loadFailed', { reason: state.reason })}
        </p>
        <button type="button" className="button secondary" onClick={() => void loadSentFaxes()}>
          {t('sent.tryAgain')}
        </button>
      </div>
    );
  }

  const { list } = state;
  if (list.faxes.length === 0 && filtered) return <NoFaxesMatch onClear={() => setSentFilters(NO_FILTERS)} />;
  if (list.faxes.length === 0) {
    return (
      <section className="card empty-state">
        <p>{t('sent.empty')}</p>
        <a className="button primary" href="/send">
          {t('sent.sendFirst')}
        </a>
      </section>
    );
  }

  return (
    <section className="card" aria-busy={state.searching}>
      <div className="table-scroll">
        <table className="data-table fax-table sent-table" aria-label={t('sent.listLabel')}>
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">{t('faxSelection.column')}</span>
              </th>
              <th scope="col">{t('sent.to')}</th>
              <th scope="col">{t('sent.status')}</th>
              <th scope="col">{t('sent.when')}</th>
              <th scope="col">{t('sent.markers')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('sent.details')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.faxes.map((fax) => (
              <SentRow key={fax.id} fax={fax} selected={selection.selected.has(fax.id)} onToggle={(on) => selection.toggle(fax.id, on)} />
            ))}
          </tbody>
        </table>
      </div>
      <div className="list-footer">
        <p className="muted" role="status">
          {state.searching
            ? t('faxFilters.searching')
            : t(filtered ? 'faxFilters.showingFound' : 'sent.showing', { loaded: list.faxes.length, total: list.total })}
        </p>
        {hasMoreFaxes(list) && (
          <button type="button" className="button secondary" disabled={state.loadingMore} onClick={() => void loadMoreSentFaxes()}>
            {state.loadingMore ? t('sent.loadingMore') : t('sent.loadMore')}
          </button>
        )}
      </div>
      {state.moreFailed && (
        <p className="form-error" role="alert">
          {t('sent.loadFailed', { reason: state.moreFailed })}
        </p>
      )}
    </section>
  );
}

export default withTimeZone(SentList);
