import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { FaxView } from '../../common/faxes';
import { formatDateTime } from '../../i18n/dates';
import type { TrashListPage } from '../../common/trash';
import { TRASH_RETENTION_DAYS, trashPurgeAt } from '../../common/trash-rules';
import sentMessages from 'virtual:messages/sent';
import trashMessages from 'virtual:messages/trash';
import { translator } from '../../i18n/translator';
import { hasMoreFaxes, renderedListState } from '../../stores/fax-list';
import {
  $trash,
  $trashSelection,
  deleteFaxesForever,
  emptyTrash,
  loadMoreTrash,
  loadTrash,
  restoreFaxes,
  selectAllLoadedTrash,
  startTrash,
  toggleTrashSelection,
} from '../../stores/trash';
import { useSeededStore } from '../page-data/use-seeded-store';
import { faxProgressText, recipientText } from '../faxes/fax-text';
import ConfirmBox from '../forms/ConfirmBox';
import LocalTime from '../time/LocalTime';
import { useTimeZone, withTimeZone } from '../time/time-zone';
import '../faxes/fax-table.css';

const t = translator({ sent: sentMessages, trash: trashMessages });

function countText(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}

function partyText(fax: FaxView): string {
  const number = recipientText(fax);
  return fax.direction === 'SEND' ? t('trash.sentToLabel', { number }) : t('trash.receivedFromLabel', { number });
}

function TrashRow({ fax, selected }: { fax: FaxView; selected: boolean }) {
  const timeZone = useTimeZone();
  const when = formatDateTime(fax.start, timeZone);
  const direction = t(fax.direction === 'SEND' ? 'trash.sentTo' : 'trash.receivedFrom');
  const number = recipientText(fax);
  const purgeAt = fax.trashedAt === null ? null : trashPurgeAt(fax.trashedAt);
  return (
    <tr>
      <td>
        <input
          type="checkbox"
          checked={selected}
          onChange={(event) => toggleTrashSelection(fax.id, event.currentTarget.checked)}
          aria-label={t('trash.select', { direction, number, when })}
        />
      </td>
      <td className="number-display">{partyText(fax)}</td>
      <td className={`fax-status fax-status-${fax.status.toLowerCase()}`}>{faxProgressText(fax, timeZone)}</td>
      <td>
        <LocalTime at={fax.start} />
      </td>
      <td data-label={t('trash.purge')}>{purgeAt !== null && <LocalTime at={purgeAt} />}</td>
      <td>
        <a href={`/faxDetails/${encodeURIComponent(fax.id)}`} aria-label={t('trash.detailsLabel', { direction, number, when })}>
          {t('trash.details')}
        </a>
      </td>
    </tr>
  );
}

type Confirming = { kind: 'selected'; faxIds: string[] } | { kind: 'all'; count: number } | null;

/**
 * The trash (spec §2 /trash): faxes of both directions, restored or deleted forever, one or many.
 * `firstPage`: the first page the page was rendered with.
 */
function TrashList({ firstPage }: { firstPage: TrashListPage | null }) {
  const state = useSeededStore($trash, renderedListState(firstPage), () => startTrash(firstPage));
  const selection = useStore($trashSelection);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);

  if (state.kind === 'loading') return <p className="muted">{t('trash.loading')}</p>;
  if (state.kind === 'failed') {
    return (
      <div>
        <p className="form-error" role="alert">
          {t('trash.loadFailed', { reason: state.reason })}
        </p>
        <button type="button" className="button secondary" onClick={() => void loadTrash()}>
          {t('trash.tryAgain')}
        </button>
      </div>
    );
  }

  const { list } = state;
  const selected = list.faxes.filter((fax) => selection.has(fax.id)).map((fax) => fax.id);
  const allSelected = list.faxes.length > 0 && selected.length === list.faxes.length;

  const run = async (work: () => Promise<{ message: string } | null>, done: string) => {
    setBusy(true);
    setNotice(null);
    const failure = await work();
    setBusy(false);
    setConfirming(null);
    setNotice(failure ? { text: t('trash.failed', { reason: failure.message }), error: true } : { text: done, error: false });
  };

  const restoreSelected = () =>
    run(
      async () => {
        const outcome = await restoreFaxes(selected);
        return outcome.ok ? null : outcome;
      },
      countText(selected.length, t('trash.restoredOne'), t('trash.restored', { count: selected.length })),
    );

  const confirmDeletion = () => {
    if (!confirming) return;
    if (confirming.kind === 'all') return run(() => emptyTrash(), t('trash.emptied'));
    const count = confirming.faxIds.length;
    return run(() => deleteFaxesForever(confirming.faxIds), countText(count, t('trash.deletedOne'), t('trash.deleted', { count })));
  };

  return (
    <>
      {notice && (
        <p className={notice.error ? 'form-error' : 'form-done'} role={notice.error ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
      {list.faxes.length === 0 ? (
        <section className="card empty-state">
          <p>{t('trash.empty')}</p>
          <p className="muted">{t('trash.emptyHelp', { days: TRASH_RETENTION_DAYS })}</p>
        </section>
      ) : (
        <section className="card">
          <div className="list-actions" role="toolbar" aria-label={t('trash.listLabel')}>
            <span className="muted" aria-live="polite">
              {selected.length > 0 && countText(selected.length, t('trash.selectedOne'), t('trash.selected', { count: selected.length }))}
            </span>
            <button
              type="button"
              className="button secondary"
              disabled={busy || selected.length === 0}
              onClick={() => void restoreSelected()}
            >
              {t('trash.restore')}
            </button>
            <button
              type="button"
              className="button danger"
              disabled={busy || selected.length === 0}
              onClick={() => setConfirming({ kind: 'selected', faxIds: selected })}
            >
              {t('trash.deleteForever')}
            </button>
            <button
              type="button"
              className="button danger"
              disabled={busy}
              onClick={() => setConfirming({ kind: 'all', count: list.total })}
            >
              {t('trash.emptyTrash')}
            </button>
          </div>
          {confirming && (
            <ConfirmBox
              question={
                confirming.kind === 'all'
                  ? countText(confirming.count, t('trash.confirmEmptyOne'), t('trash.confirmEmpty', { count: confirming.count }))
                  : countText(
                      confirming.faxIds.length,
                      t('trash.confirmDeleteOne'),
                      t('trash.confirmDelete', { count: confirming.faxIds.length }),
                    )
              }
              confirmLabel={busy ? t('trash.working') : t('trash.confirm')}
              keepLabel={t('trash.cancel')}
              busy={busy}
              onConfirm={() => void confirmDeletion()}
              onKeep={() => setConfirming(null)}
            />
          )}
          <div className="table-scroll">
            <table className="data-table fax-table trash-table" aria-label={t('trash.listLabel')}>
              <thead>
                <tr>
                  <th scope="col">
                    <input
                      type="checkbox"
                      checked={allSelected}
                      onChange={(event) => selectAllLoadedTrash(event.currentTarget.checked)}
                      aria-label={t('trash.selectAll')}
                    />
                  </th>
                  <th scope="col">{t('trash.fax')}</th>
                  <th scope="col">{t('trash.status')}</th>
                  <th scope="col">{t('trash.when')}</th>
                  <th scope="col">{t('trash.purge')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('trash.details')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.faxes.map((fax) => (
                  <TrashRow key={fax.id} fax={fax} selected={selection.has(fax.id)} />
                ))}
              </tbody>
            </table>
          </div>
          <div className="list-footer">
            <p className="muted" role="status">
              {t('trash.showing', { loaded: list.faxes.length, total: list.total })}
            </p>
            {hasMoreFaxes(list) && (
              <button type="button" className="button secondary" disabled={state.loadingMore} onClick={() => void loadMoreTrash()}>
                {state.loadingMore ? t('trash.loadingMore') : t('trash.loadMore')}
              </button>
            )}
          </div>
          {state.moreFailed && (
            <p className="form-error" role="alert">
              {t('trash.loadFailed', { reason: state.moreFailed })}
            </p>
          )}
        </section>
      )}
    </>
  );
}

export default withTimeZone(TrashList);
