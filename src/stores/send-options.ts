import { atom, computed } from 'nanostores';
import { MAX_SCHEDULE_MS } from '../common/send-many-rules';
import { fromLocalInputValue } from '../components/send/recipient-list';
import { onTeardown } from './teardown';

// The send page's options beyond one number (issue 17): more recipients pasted or typed, and
// sending later at a local date and time. Kept apart from the draft of the fax itself.

/** What the user typed for more recipients, as typed. */
export const $moreRecipients = atom('');

/** Send later: off, or the local date and time picked (a datetime-local value). */
export const $sendLater = atom<{ enabled: boolean; local: string }>({ enabled: false, local: '' });

onTeardown(() => {
  $moreRecipients.set('');
  $sendLater.set({ enabled: false, local: '' });
});

export type ScheduleState = { kind: 'now' } | { kind: 'at'; sendAt: number } | { kind: 'invalid' };

/** When the fax is to go; `invalid` for a time in the past, beyond 90 days, or not picked. */
export function scheduleAt(later: { enabled: boolean; local: string }, now: number): ScheduleState {
  if (!later.enabled) return { kind: 'now' };
  const sendAt = fromLocalInputValue(later.local);
  if (sendAt === null || sendAt <= now || sendAt > now + MAX_SCHEDULE_MS) return { kind: 'invalid' };
  return { kind: 'at', sendAt };
}

export const $schedule = computed($sendLater, (later) => scheduleAt(later, Date.now()));
