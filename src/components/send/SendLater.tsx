import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { formatDateTime } from '../../i18n/dates';
import { MAX_SCHEDULE_MS } from '../../common/send-many-rules';
import sendMessages from 'virtual:messages/send';
import { translator } from '../../i18n/translator';
import { $schedule, $sendLater } from '../../stores/send-options';
import { useTimeZone } from '../time/time-zone';
import { toLocalInputValue } from './recipient-list';

const t = translator({ send: sendMessages });

/** Send later (issue 17): a date and time in the user's own time zone, at most 90 days ahead. */
export default function SendLater() {
  const later = useStore($sendLater);
  const schedule = useStore($schedule);
  const ids = { toggle: useId(), input: useId(), hint: useId(), check: useId() };
  // The browser's own zone once hydrated (e.g. America/Chicago): the one the input's local time is in.
  const zone = useTimeZone();
  const now = Date.now();
  return (
    <div className="send-later">
      <div className="field checkbox">
        <input
          id={ids.toggle}
          type="checkbox"
          checked={later.enabled}
          aria-describedby={ids.hint}
          onChange={(event) =>
            $sendLater.set({ enabled: event.target.checked, local: later.local || toLocalInputValue(now + 60 * 60 * 1000) })
          }
        />
        <label htmlFor={ids.toggle}>{t('send.sendLater')}</label>
      </div>
      <p className="hint" id={ids.hint}>
        {t('send.sendLaterHint')}
      </p>
      {later.enabled && (
        <div className="field">
          <label htmlFor={ids.input}>{t('send.sendAtLabel', { zone })}</label>
          <input
            id={ids.input}
            type="datetime-local"
            value={later.local}
            min={toLocalInputValue(now)}
            max={toLocalInputValue(now + MAX_SCHEDULE_MS)}
            aria-describedby={ids.check}
            aria-invalid={schedule.kind === 'invalid' || undefined}
            onChange={(event) => $sendLater.set({ enabled: true, local: event.target.value })}
          />
          <p id={ids.check} className={schedule.kind === 'invalid' ? 'field-error' : 'hint'}>
            {schedule.kind === 'at' ? t('send.sendAtSummary', { when: formatDateTime(schedule.sendAt, zone) }) : t('send.sendAtInvalid')}
          </p>
        </div>
      )}
    </div>
  );
}
