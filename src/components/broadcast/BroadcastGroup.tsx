import broadcastMessages from 'virtual:messages/broadcast';
import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import type { FaxView } from '../../common/faxes';
import type { BroadcastView } from '../../common/send-many';
import { translator } from '../../i18n/translator';
import { api, call } from '../../lib/api';
import { broadcastStore } from '../../stores/broadcast';
import FaxStatusCell from '../faxes/FaxStatusCell';
import { recipientText } from '../faxes/fax-text';
import ScheduleControls from '../send/ScheduleControls';
import { withTimeZone } from '../time/time-zone';

const t = translator({ broadcast: broadcastMessages });

function tally(faxes: readonly FaxView[]) {
  const count = (keep: (fax: FaxView) => boolean) => faxes.filter(keep).length;
  return {
    delivered: count((fax) => fax.status === 'DELIVERED'),
    failed: count((fax) => fax.status === 'FAILED' && fax.failureReason !== 'CANCELLED'),
    scheduled: count((fax) => fax.status === 'QUEUED' && fax.sendAt !== null),
    onItsWay: count((fax) => (fax.status === 'QUEUED' || fax.status === 'SENDING') && fax.sendAt === null),
  };
}

interface Props {
  broadcastId: string;
  /** The group the page was rendered with (`broadcast` null: not found), or null when it came without. */
  rendered: { broadcast: BroadcastView | null } | null;
}

/** One send to many numbers (decision 025): each recipient's fax live, and a resend to the failed ones. */
function BroadcastGroup({ broadcastId, rendered }: Props) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page's own group starts the store once
  const watch = useMemo(() => broadcastStore(broadcastId, rendered), [broadcastId]);
  const state = useStore(watch.$group);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  if (state.kind === 'loading') return <p className="muted">{t('broadcast.loading')}</p>;
  if (state.kind === 'missing') return <p role="status">{t('broadcast.missing')}</p>;
  if (state.kind === 'failed') {
    return (
      <div>
        <p className="form-error" role="alert">
          {t('broadcast.loadFailed', { reason: state.reason })}
        </p>
        <button type="button" className="button secondary" onClick={() => void watch.reload()}>
          {t('broadcast.tryAgain')}
        </button>
      </div>
    );
  }

  const { faxes } = state;
  const figures = tally(faxes);
  const waiting = faxes.find((fax) => fax.status === 'QUEUED' && fax.sendAt !== null);

  const resendFailed = async () => {
    setBusy(true);
    setFailure(null);
    const result = await call(api.resendBroadcastFailures.$post({ json: { broadcastId } }));
    if (result.ok) return window.location.assign(`/broadcast/${encodeURIComponent(result.data.broadcastId)}`);
    setBusy(false);
    setFailure(result.message);
  };

  return (
    <div className="fax-page">
      <p>
        <a href="/sent">{t('broadcast.back')}</a>
      </p>
      <header className="page-header">
        <h1>{faxes.length === 1 ? t('broadcast.headingOne') : t('broadcast.heading', { count: faxes.length })}</h1>
      </header>
      <section className="card">
        <p role="status" aria-live="polite">
          {t('broadcast.tally', figures)}
        </p>
        {waiting?.sendAt && (
          <ScheduleControls
            target={{ broadcastId }}
            sendAt={waiting.sendAt}
            onChanged={(changed, text) => {
              watch.show(changed);
              setDone(text);
            }}
          />
        )}
        {done && (
          <p className="form-done" role="status">
            {done}
          </p>
        )}
        {figures.failed > 0 && (
          <div>
            <button type="button" className="button secondary" disabled={busy} onClick={() => void resendFailed()}>
              {busy
                ? t('broadcast.resending')
                : figures.failed === 1
                  ? t('broadcast.resendFailedOne')
                  : t('broadcast.resendFailed', { count: figures.failed })}
            </button>
            <p className="hint">{t('broadcast.resendHelp')}</p>
          </div>
        )}
        {failure && (
          <p className="form-error" role="alert">
            {t('broadcast.resendFailedError', { reason: failure })}
          </p>
        )}
      </section>
      <section className="card">
        <div className="table-scroll">
          <table className="data-table broadcast-table" aria-label={t('broadcast.listLabel')}>
            <thead>
              <tr>
                <th scope="col">{t('broadcast.to')}</th>
                <th scope="col">{t('broadcast.status')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('broadcast.details')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {faxes.map((fax) => {
                return (
                  <tr key={fax.id}>
                    <td className="number-display">{recipientText(fax)}</td>
                    <FaxStatusCell fax={fax} />
                    <td>
                      <a
                        href={`/faxDetails/${encodeURIComponent(fax.id)}`}
                        aria-label={t('broadcast.detailsLabel', { number: recipientText(fax) })}
                      >
                        {t('broadcast.details')}
                      </a>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}

export default withTimeZone(BroadcastGroup);
