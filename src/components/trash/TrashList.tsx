import faxSelectionMessages from 'virtual:messages/faxSelection';
import trashMessages from 'virtual:messages/trash';
import { useState } from 'react';
import type { FaxView } from '../../common/faxes';
import type { TrashListPage } from '../../common/trash';
import { TRASH_RETENTION_DAYS, trashPurgeAt } from '../../common/trash-rules';
import { formatDateTime } from '../../i18n/dates';
import { translator } from '../../i18n/translator';
import type { ApiFailure } from '../../lib/api';
import { hasMoreFaxes, renderedListState } from '../../stores/fax-list';
import { deleteForever, emptyTheTrash, restoreFromTrash } from '../../stores/fax-moves';
import { $trash, loadMoreTrash, loadTrash, startTrash } from '../../stores/trash';
import BulkButton from '../faxes/BulkButton';
import FaxRow from '../faxes/FaxRow';
import FaxTable from '../faxes/FaxTable';
import ConfirmDialog from '../forms/ConfirmDialog';
import Icon from '../icons/Icon';
import EmptyState from '../list/EmptyState';
import ListToolbar from '../list/ListToolbar';
import LoadMore from '../list/LoadMore';
import { useSelection } from '../list/use-selection';
import { useSeededStore } from '../page-data/use-seeded-store';
import { useTimeZone, withTimeZone } from '../time/time-zone';
import Toasts from '../toasts/Toasts';
import { type Confirming, trashConfirmation, trashWords } from './trash-text';

const t = translator({ faxSelection: faxSelectionMessages, trash: trashMessages });

/**
 * The trash (spec §2 /trash; decision 024): faxes of both directions, each a row that opens it,
 * restored (with an Undo) or deleted forever (asked first, in a dialog), one, several or all.
 * `firstPage`: the first page the page was rendered with.
 */
function TrashList({ firstPage }: { firstPage: TrashListPage | null }) {
  const state = useSeededStore($trash, renderedListState(firstPage), () => startTrash(firstPage));
  const faxes = state.kind === 'ready' ? state.list.faxes : [];
  const selection = useSelection(faxes.map((fax) => fax.id));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const timeZone = useTimeZone();

  // Rows that leave the trash leave the ticks too (useSelection); a failure is said above the list.
  const act = (work: () => Promise<ApiFailure | null>): void => {
    setBusy(true);
    setFailure(null);
    void work().then((failed) => {
      setBusy(false);
      setConfirming(null);
      if (failed) setFailure(t('faxSelection.failed', { reason: failed.message }));
    });
  };
  const restore = (faxIds: string[]): void => act(() => restoreFromTrash(faxIds));
  const confirmDeletion = (): void => {
    if (confirming?.kind === 'all') act(emptyTheTrash);
    else if (confirming) act(() => deleteForever(confirming.faxIds));
  };

  const body = (() => {
    if (state.kind === 'loading') return <p className="muted list-loading">{t('trash.loading')}</p>;
    if (state.kind === 'failed') {
      return (
        <div className="banner bad" role="alert">
          <p className="banner-text">{t('trash.loadFailed', { reason: state.reason })}</p>
          <button type="button" className="button secondary small" onClick={() => void loadTrash()}>
            {t('trash.tryAgain')}
          </button>
        </div>
      );
    }
    const { list } = state;
    if (list.faxes.length === 0) {
      return <EmptyState icon="trash-2" title={t('trash.empty')} text={t('trash.emptyHelp', { days: TRASH_RETENTION_DAYS })} />;
    }
    const ticked = faxes.filter((fax) => selection.selected.has(fax.id)).map((fax) => fax.id);
    return (
      <section className="card list-card">
        <ListToolbar
          selection={selection}
          selectable={faxes.map((fax) => fax.id)}
          labels={{
            selectAll: t('faxSelection.selectAll'),
            selected: ticked.length === 1 ? t('faxSelection.selectedOne') : t('faxSelection.selected', { count: ticked.length }),
            bulk: t('faxSelection.label'),
            clear: t('faxSelection.clear'),
          }}
          count={t('faxSelection.showing', { loaded: list.faxes.length, total: list.total })}
          bulk={
            <>
              <BulkButton icon="archive-restore" label={t('faxSelection.restore')} busy={busy} onClick={() => restore(ticked)} />
              <BulkButton
                icon="trash-2"
                label={t('faxSelection.deleteForever')}
                danger
                busy={busy}
                onClick={() => setConfirming({ kind: 'faxes', faxIds: ticked })}
              />
            </>
          }
          idle={
            <button
              type="button"
              className="button ghost small empty-trash"
              disabled={busy}
              onClick={() => setConfirming({ kind: 'all', count: list.total })}
            >
              <Icon name="trash-2" />
              {t('trash.emptyTrash')}
            </button>
          }
        />
        {failure && (
          <p className="form-error" role="alert">
            {failure}
          </p>
        )}
        <FaxTable
          label={t('trash.listLabel')}
          className="trash-table"
          headings={{
            select: t('faxSelection.column'),
            party: t('trash.fax'),
            status: t('faxSelection.status'),
            pages: t('faxSelection.pages'),
            date: t('trash.when'),
            purge: t('trash.purge'),
            actions: t('faxSelection.actions'),
          }}
        >
          {faxes.map((fax: FaxView) => (
            <FaxRow
              key={fax.id}
              fax={fax}
              words={trashWords(fax, formatDateTime(fax.start, timeZone))}
              pages={fax.pageCount}
              purgeAt={fax.trashedAt === null ? null : trashPurgeAt(fax.trashedAt)}
              selectable
              selected={selection.selected.has(fax.id)}
              onToggle={(on) => selection.toggle(fax.id, on)}
              actions={[
                { label: t('faxSelection.open'), icon: 'file-text', href: `/faxDetails/${encodeURIComponent(fax.id)}` },
                { label: t('faxSelection.restore'), icon: 'archive-restore', onSelect: () => restore([fax.id]) },
                {
                  label: t('faxSelection.deleteForever'),
                  icon: 'trash-2',
                  separated: true,
                  danger: true,
                  onSelect: () => setConfirming({ kind: 'faxes', faxIds: [fax.id] }),
                },
              ]}
            />
          ))}
        </FaxTable>
        <LoadMore
          more={hasMoreFaxes(list)}
          loading={state.loadingMore}
          failed={state.moreFailed && t('trash.loadFailed', { reason: state.moreFailed })}
          labels={{ more: t('faxSelection.loadMore'), loading: t('faxSelection.loadingMore') }}
          onLoad={() => void loadMoreTrash()}
          note={t('trash.retention', { days: TRASH_RETENTION_DAYS })}
        />
      </section>
    );
  })();

  const question = confirming && trashConfirmation(confirming);
  return (
    <>
      {body}
      {question && (
        <ConfirmDialog
          title={question.title}
          detail={question.detail}
          confirmLabel={busy ? t('trash.working') : t('trash.confirm')}
          cancelLabel={t('trash.cancel')}
          busy={busy}
          onConfirm={confirmDeletion}
          onCancel={() => setConfirming(null)}
        />
      )}
      <Toasts />
    </>
  );
}

export default withTimeZone(TrashList);
