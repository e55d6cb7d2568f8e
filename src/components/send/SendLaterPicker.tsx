import later from 'virtual:messages/send.later';
import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { MAX_SCHEDULE_MS } from '../../common/send-many-rules';
import { formatDateTime } from '../../i18n/dates';
import { translator } from '../../i18n/translator';
import { $draft, $schedule, updateDraft } from '../../stores/send-draft';
import { $sendAttempts, $shownProblems } from '../../stores/send-fax';
import { useTimeZone } from '../time/time-zone';
import { toLocalInputValue } from './local-time-input';
import { AREA_CONTROL } from './send-areas';
import { type SendLaterPreset, sendLaterPresets } from './send-later-rules';
import { problemText } from './send-problem-text';
import { problemOf } from './send-problems';

const t = translator({ send: { later } });

/**
 * When a fax sent later goes (loaded when Send later is first switched on, decision 031 for the
 * zone): a preset (in an hour, tomorrow or Monday at 8 AM, the browser's local time) or any date
 * and time up to 90 days ahead.
 */
export default function SendLaterPicker() {
  const { local } = useStore($draft).sendLater;
  const schedule = useStore($schedule);
  const problem = problemOf(useStore($shownProblems), 'later');
  const attempts = useStore($sendAttempts);
  const [preset, setPreset] = useState<SendLaterPreset | null>(null);
  const ids = { check: useId() };
  // The browser's own zone once hydrated (e.g. America/Chicago): the one the input's local time is in.
  const zone = useTimeZone();
  const now = Date.now();
  const presets = sendLaterPresets(new Date(now));

  const pick = (chosen: SendLaterPreset) => {
    // Read at the click, so "in an hour" is an hour from now.
    const value = sendLaterPresets(new Date()).find((p) => p.preset === chosen)?.local;
    if (!value) return;
    setPreset(chosen);
    updateDraft('sendLater', { enabled: true, local: value });
  };

  return (
    <div className="send-later option-body">
      <fieldset className="later-presets">
        <legend className="field-label">{t('send.later.presets')}</legend>
        <div className="button-row">
          {presets.map(({ preset: each }) => (
            <button
              key={each}
              type="button"
              className={`button small ${preset === each ? 'primary' : 'secondary'}`}
              aria-pressed={preset === each}
              onClick={() => pick(each)}
            >
              {t(`send.later.${each}`)}
            </button>
          ))}
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor={AREA_CONTROL.later}>{t('send.later.pick', { zone })}</label>
        <input
          id={AREA_CONTROL.later}
          type="datetime-local"
          value={local}
          min={toLocalInputValue(now)}
          max={toLocalInputValue(now + MAX_SCHEDULE_MS)}
          aria-describedby={ids.check}
          aria-invalid={schedule.kind === 'invalid' || undefined}
          onChange={(event) => {
            setPreset(null);
            updateDraft('sendLater', { enabled: true, local: event.target.value });
          }}
        />
        <p
          key={attempts}
          id={ids.check}
          className={schedule.kind === 'invalid' ? 'field-error' : 'hint'}
          role={problem ? 'alert' : undefined}
        >
          {schedule.kind === 'at'
            ? t('send.later.summary', { when: formatDateTime(schedule.sendAt, zone) })
            : problemText({ area: 'later', kind: 'invalidSendTime' })}
        </p>
      </div>
    </div>
  );
}
