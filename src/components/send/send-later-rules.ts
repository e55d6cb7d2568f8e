import { MAX_SCHEDULE_MS } from '../../common/send-many-rules';
import { fromLocalInputValue, toLocalInputValue } from './local-time-input';

// Sending later (decision 025), with no I/O, in the browser's local time: the one
// the date and time input is in (./local-time-input.ts), and once hydrated the zone dates around
// it are shown in (decision 031).

export interface SendLater {
  enabled: boolean;
  /** A datetime-local value: the local date and time picked. */
  local: string;
}

export type ScheduleState = { kind: 'now' } | { kind: 'at'; sendAt: number } | { kind: 'invalid' };

/** When the fax is to go; `invalid` for a time in the past, beyond 90 days, or not picked. */
export function scheduleAt(later: SendLater, now: number): ScheduleState {
  if (!later.enabled) return { kind: 'now' };
  const sendAt = fromLocalInputValue(later.local);
  if (sendAt === null || sendAt <= now || sendAt > now + MAX_SCHEDULE_MS) return { kind: 'invalid' };
  return { kind: 'at', sendAt };
}

export type SendLaterPreset = 'inAnHour' | 'tomorrowMorning' | 'mondayMorning';

const HOUR_MS = 60 * 60 * 1000;
/** The morning presets send at 8:00 local time, when an office's fax is read first. */
const MORNING_HOUR = 8;
const MONDAY = 1;

/** `now`'s local day moved by `days`, at 8:00 local time (a day may have 23 or 25 hours). */
function morningAfter(now: Date, days: number): number {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days, MORNING_HOUR);
  return day.getTime();
}

/**
 * The presets' datetime-local values at `now`, in order. "Monday 8 AM" is the next Monday after
 * today; on a Sunday that is tomorrow, and the one preset says it.
 */
export function sendLaterPresets(now: Date): Array<{ preset: SendLaterPreset; local: string }> {
  const inAnHour = toLocalInputValue(now.getTime() + HOUR_MS);
  const tomorrow = toLocalInputValue(morningAfter(now, 1));
  const daysToMonday = (MONDAY - now.getDay() + 7) % 7 || 7;
  const monday = toLocalInputValue(morningAfter(now, daysToMonday));
  return [
    { preset: 'inAnHour', local: inAnHour },
    { preset: 'tomorrowMorning', local: tomorrow },
    ...(monday === tomorrow ? [] : [{ preset: 'mondayMorning' as const, local: monday }]),
  ];
}
