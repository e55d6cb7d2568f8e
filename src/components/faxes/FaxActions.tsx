import { useState } from 'react';
import type { FaxView } from '../../common/faxes';
import { formatDateTime } from '../../i18n/dates';
import { trashPurgeAt } from '../../common/trash-rules';
import faxActionsMessages from 'virtual:messages/faxActions';
import { translator } from '../../i18n/translator';
import { api, call } from '../../lib/api';
import { deleteFaxesForever, moveToTrash, restoreFaxes } from '../../stores/trash';
import ConfirmBox from '../forms/ConfirmBox';
import ScheduleControls from '../send/ScheduleControls';
import { useTimeZone } from '../time/time-zone';

const t = translator({ faxActions: faxActionsMessages });

const ENDED = new Set(['DELIVERED', 'FAILED', 'RECEIVED']);

/**
 * What can be done with one fax (issue 14): move it to the trash or restore it, delete it forever
 * from the trash, send a sent fax again, send a new fax to the other party, add them to the
 * phonebook (unless they are in it: then their name is on the page). Downloads are on
 * the fax's files card. `onChanged` shows the answer at once; the push that follows agrees.
 */
export default function FaxActions({ fax, onChanged }: { fax: FaxView; onChanged: (fax: FaxView) => void }) {
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const timeZone = useTimeZone();
  const ended = ENDED.has(fax.status);

  const act = async (work: () => Promise<string | null>, done: string | null) => {
    setBusy(true);
    setNotice(null);
    const failure = await work();
    setBusy(false);
    setConfirming(false);
    if (failure) setNotice({ text: t('faxActions.failed', { reason: failure }), error: true });
    else if (done) setNotice({ text: done, error: false });
  };

  const trash = (into: boolean) =>
    act(
      async () => {
        const outcome = into ? await moveToTrash([fax.id]) : await restoreFaxes([fax.id]);
        if (!outcome.ok) return outcome.message;
        const answered = outcome.faxes.find((row) => row.id === fax.id);
        if (answered) onChanged(answered);
        return null;
      },
      into ? t('faxActions.trashed') : t('faxActions.restoredNotice'),
    );

  const deleteForever = () =>
    act(async () => {
      const failure = await deleteFaxesForever([fax.id]);
      if (failure) return failure.message;
      window.location.assign('/trash');
      return null;
    }, null);

  const resend = () =>
    act(async () => {
      const result = await call(api.resendFax.$post({ json: { faxId: fax.id } }));
      if (!result.ok) return result.message;
      window.location.assign(`/faxDetails/${encodeURIComponent(result.data.faxId)}`);
      return null;
    }, t('faxActions.resent'));

  return (
    <section className="card" aria-labelledby="fax-actions-heading">
      <h2 id="fax-actions-heading">{t('faxActions.heading')}</h2>
      {fax.trashedAt !== null && (
        <p role="status">{t('faxActions.inTrash', { date: formatDateTime(trashPurgeAt(fax.trashedAt), timeZone) })}</p>
      )}
      {fax.sendAt !== null && fax.status === 'QUEUED' && (
        <ScheduleControls
          target={{ faxId: fax.id }}
          sendAt={fax.sendAt}
          onChanged={(faxes, done) => {
            const answered = faxes.find((row) => row.id === fax.id);
            if (answered) onChanged(answered);
            setNotice({ text: done, error: false });
          }}
        />
      )}
      {fax.broadcastId && (
        <p>
          <a href={`/broadcast/${encodeURIComponent(fax.broadcastId)}`}>{t('faxActions.viewGroup')}</a>
        </p>
      )}
      {!ended && fax.sendAt === null && <p className="muted">{t('faxActions.notWhileOnItsWay')}</p>}
      <div className="fax-actions">
        {fax.trashedAt === null ? (
          <button type="button" className="button secondary" disabled={busy || !ended} onClick={() => void trash(true)}>
            {t('faxActions.moveToTrash')}
          </button>
        ) : (
          <>
            <button type="button" className="button secondary" disabled={busy} onClick={() => void trash(false)}>
              {t('faxActions.restore')}
            </button>
            <button type="button" className="button danger" disabled={busy} onClick={() => setConfirming(true)}>
              {t('faxActions.deleteForever')}
            </button>
          </>
        )}
        {fax.direction === 'SEND' && ended && (
          <button
            type="button"
            className="button secondary"
            disabled={busy}
            onClick={() => void resend()}
            title={t('faxActions.resendHelp')}
          >
            {t('faxActions.resend')}
          </button>
        )}
        {fax.remoteNumber && (
          <a className="button secondary" href={`/send?to=${encodeURIComponent(fax.remoteNumber)}`}>
            {t('faxActions.faxThisNumber')}
          </a>
        )}
        {fax.remoteNumber && !fax.contactName && (
          <a className="button secondary" href={`/phonebook?add=${encodeURIComponent(fax.remoteDisplay ?? fax.remoteNumber)}`}>
            {t('faxActions.addToPhonebook')}
          </a>
        )}
      </div>
      {fax.direction === 'SEND' && ended && <p className="muted">{t('faxActions.resendHelp')}</p>}
      {confirming && (
        <ConfirmBox
          question={t('faxActions.confirmDelete')}
          confirmLabel={busy ? t('faxActions.working') : t('faxActions.confirm')}
          keepLabel={t('faxActions.cancel')}
          busy={busy}
          onConfirm={() => void deleteForever()}
          onKeep={() => setConfirming(false)}
        />
      )}
      {notice && (
        <p className={notice.error ? 'form-error' : 'form-done'} role={notice.error ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
    </section>
  );
}
