import faxFiltersMessages from 'virtual:messages/faxFilters';
import faxSelectionMessages from 'virtual:messages/faxSelection';
import { type ReactNode, useState } from 'react';
import type { FaxDirection, FaxView } from '../../common/faxes';
import { canTrash } from '../../common/trash-rules';
import { formatDateTime } from '../../i18n/dates';
import { translator } from '../../i18n/translator';
import type { ApiFailure } from '../../lib/api';
import { type FaxListState, hasMoreFaxes } from '../../stores/fax-list';
import { type FaxListFilters, hasFilters, NO_FILTERS } from '../../stores/fax-list-filters';
import ListToolbar from '../list/ListToolbar';
import LoadMore from '../list/LoadMore';
import type { MenuAction } from '../list/RowMenu';
import { useSelection } from '../list/use-selection';
import { useTimeZone } from '../time/time-zone';
import Toasts from '../toasts/Toasts';
import FaxFilters, { NoFaxesMatch } from './FaxFilters';
import FaxRow, { type FaxRowWords } from './FaxRow';
import FaxTable from './FaxTable';

const t = translator({ faxFilters: faxFiltersMessages, faxSelection: faxSelectionMessages });

/**
 * Does something to faxes of the list and says a failure above it; `ticked`: to the ticked ones,
 * whose ticks go once it is done (a row's menu leaves them as they are).
 */
export type Act = (work: () => Promise<ApiFailure | null>, ticked?: boolean) => void;

export interface HistoryListProps {
  direction: FaxDirection;
  state: FaxListState;
  filters: FaxListFilters;
  setFilters: (filters: FaxListFilters) => void;
  reload: () => void;
  loadMore: () => void;
  table: { label: string; className: string; party: string; date: string };
  words: (fax: FaxView, when: string) => FaxRowWords;
  pages: (fax: FaxView) => number;
  actions: (fax: FaxView, act: Act) => MenuAction[];
  bulk: (faxes: FaxView[], act: Act, busy: boolean) => ReactNode;
  /** What a history with no fax at all shows: the next step. */
  empty: ReactNode;
}

/**
 * A fax history, sent or received (spec §2 /sent, /inbox): its search first, then the
 * list, each fax a row that opens it, with a box to tick it and its actions in a "⋯" menu; what was
 * done is said in a toast.
 */
export default function HistoryList(props: HistoryListProps) {
  const { state, filters } = props;
  // Nothing to search in a history with no fax yet.
  const nothingYet = state.kind === 'ready' && state.list.total === 0 && !hasFilters(filters);
  return (
    <>
      {!nothingYet && <FaxFilters direction={props.direction} filters={filters} onChange={props.setFilters} />}
      <HistoryBody {...props} />
      <Toasts />
    </>
  );
}

function HistoryBody({ state, filters, setFilters, reload, loadMore, table, words, pages, actions, bulk, empty }: HistoryListProps) {
  const faxes = state.kind === 'ready' ? state.list.faxes : [];
  const selection = useSelection(faxes.map((fax) => fax.id));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const timeZone = useTimeZone();

  if (state.kind === 'loading') return <p className="muted list-loading">{t('faxSelection.loading')}</p>;
  if (state.kind === 'failed') {
    return (
      <div className="banner bad" role="alert">
        <p className="banner-text">{t('faxSelection.loadFailed', { reason: state.reason })}</p>
        <button type="button" className="button secondary small" onClick={reload}>
          {t('faxSelection.tryAgain')}
        </button>
      </div>
    );
  }
  const { list } = state;
  const filtered = hasFilters(filters);
  if (list.faxes.length === 0 && filtered) return <NoFaxesMatch onClear={() => setFilters(NO_FILTERS)} />;
  if (list.faxes.length === 0) return <>{empty}</>;

  const act: Act = (work, ticked = false) => {
    setBusy(true);
    setFailure(null);
    void work().then((failed) => {
      setBusy(false);
      if (failed) setFailure(t('faxSelection.failed', { reason: failed.message }));
      else if (ticked) selection.clear();
    });
  };
  const ticked = faxes.filter((fax) => selection.selected.has(fax.id));
  const count = state.searching
    ? t('faxFilters.searching')
    : t(filtered ? 'faxFilters.showingFound' : 'faxSelection.showing', { loaded: list.faxes.length, total: list.total });

  return (
    <section className="card list-card" aria-busy={state.searching}>
      <ListToolbar
        selection={selection}
        selectable={faxes.filter(canTrash).map((fax) => fax.id)}
        labels={{
          selectAll: t('faxSelection.selectAll'),
          selected: ticked.length === 1 ? t('faxSelection.selectedOne') : t('faxSelection.selected', { count: ticked.length }),
          bulk: t('faxSelection.label'),
          clear: t('faxSelection.clear'),
        }}
        count={count}
        bulk={bulk(ticked, act, busy)}
      />
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      <FaxTable
        label={table.label}
        className={table.className}
        headings={{
          select: t('faxSelection.column'),
          party: table.party,
          status: t('faxSelection.status'),
          pages: t('faxSelection.pages'),
          date: table.date,
          actions: t('faxSelection.actions'),
        }}
      >
        {faxes.map((fax) => (
          <FaxRow
            key={fax.id}
            fax={fax}
            words={words(fax, formatDateTime(fax.start, timeZone))}
            pages={pages(fax)}
            selectable={canTrash(fax)}
            selected={selection.selected.has(fax.id)}
            onToggle={(on) => selection.toggle(fax.id, on)}
            actions={actions(fax, act)}
          />
        ))}
      </FaxTable>
      <LoadMore
        more={hasMoreFaxes(list)}
        loading={state.loadingMore}
        failed={state.moreFailed && t('faxSelection.loadFailed', { reason: state.moreFailed })}
        labels={{ more: t('faxSelection.loadMore'), loading: t('faxSelection.loadingMore') }}
        onLoad={loadMore}
      />
    </section>
  );
}
