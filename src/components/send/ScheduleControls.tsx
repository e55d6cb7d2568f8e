import sendAtInvalid from 'virtual:message/send.sendAtInvalid';
import faxActionsMessages from 'virtual:messages/faxActions';
import { useId, useState } from 'react';
import type { FaxView } from '../../common/faxes';
import { MAX_SCHEDULE_MS } from '../../common/send-many-rules';
import { formatDateTime } from '../../i18n/dates';
import { translator } from '../../i18n/translator';
import { api, call } from '../../lib/api';
import ConfirmBox from '../forms/ConfirmBox';
import { useTimeZone } from '../time/time-zone';
import { fromLocalInputValue, toLocalInputValue } from './local-time-input';

// Also on /faxDetails and /broadcast: of the send page's large namespace, only the one sentence.
const t = translator({ faxActions: faxActionsMessages, send: { sendAtInvalid } });

type Target = { faxId: string } | { broadcastId: string };

/**
 * A scheduled fax, or every fax of a scheduled send to many, before it starts (decision 025): change
 * the time (in the user's own time zone) or cancel it, credits back at once.
 */
export default function ScheduleControls({
  target,
  sendAt,
  onChanged,
}: {
  target: Target;
  sendAt: number;
  /** The faxes as the change left them, and what to tell the user (the controls go once it is cancelled). */
  onChanged: (faxes: FaxView[], done: string) => void;
}) {
  const [local, setLocal] = useState(() => toLocalInputValue(sendAt));
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const ids = { input: useId() };
  // The zone dates are shown in, which is the browser's once hydrated: the one the input's local time is in.
  const zone = useTimeZone();

  const save = async () => {
    const at = fromLocalInputValue(local);
    if (at === null || at <= Date.now() || at > Date.now() + MAX_SCHEDULE_MS) {
      setNotice({ text: t('send.sendAtInvalid'), error: true });
      return;
    }
    setBusy(true);
    const result = await call(api.rescheduleFax.$post({ json: { ...target, sendAt: at } }));
    setBusy(false);
    if (!result.ok) return setNotice({ text: t('faxActions.failed', { reason: result.message }), error: true });
    setEditing(false);
    setNotice(null);
    onChanged(result.data.faxes, t('faxActions.rescheduled', { when: formatDateTime(at, zone) }));
  };

  const cancel = async () => {
    setBusy(true);
    const result = await call(api.cancelScheduledFax.$post({ json: target }));
    setBusy(false);
    setConfirming(false);
    if (!result.ok) return setNotice({ text: t('faxActions.failed', { reason: result.message }), error: true });
    setNotice(null);
    onChanged(result.data.faxes, t('faxActions.cancelled'));
  };

  return (
    <div className="schedule-controls">
      <p>{t('faxActions.scheduledFor', { when: formatDateTime(sendAt, zone) })}</p>
      {editing ? (
        <div className="field">
          <label htmlFor={ids.input}>{t('faxActions.rescheduleLabel', { zone })}</label>
          <input
            id={ids.input}
            type="datetime-local"
            value={local}
            min={toLocalInputValue(Date.now())}
            max={toLocalInputValue(Date.now() + MAX_SCHEDULE_MS)}
            onChange={(event) => setLocal(event.target.value)}
          />
          <div className="fax-actions">
            <button type="button" className="button secondary" disabled={busy} onClick={() => void save()}>
              {t('faxActions.saveTime')}
            </button>
            <button type="button" className="button secondary" disabled={busy} onClick={() => setEditing(false)}>
              {t('faxActions.keep')}
            </button>
          </div>
        </div>
      ) : (
        <div className="fax-actions">
          <button type="button" className="button secondary" disabled={busy} onClick={() => setEditing(true)}>
            {t('faxActions.reschedule')}
          </button>
          <button type="button" className="button danger" disabled={busy} onClick={() => setConfirming(true)}>
            {t('faxActions.cancelScheduled')}
          </button>
        </div>
      )}
      {confirming && (
        <ConfirmBox
          question={t('faxActions.confirmCancelScheduled')}
          confirmLabel={t('faxActions.confirmCancel')}
          keepLabel={t('faxActions.keep')}
          busy={busy}
          onConfirm={() => void cancel()}
          onKeep={() => setConfirming(false)}
        />
      )}
      {notice && (
        <p className={notice.error ? 'form-error' : 'form-done'} role={notice.error ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
    </div>
  );
}
