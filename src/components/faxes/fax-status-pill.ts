import faxStatusMessages from 'virtual:messages/faxStatus';
import type { FaxView } from '../../common/faxes';
import { formatListDate, formatTime } from '../../i18n/dates';
import { translator } from '../../i18n/translator';
import type { IconName } from '../../icons/icon-names';
import { failureTitle, isRetrying, isWaitingForRetry, refundText } from './fax-text';

// A fax's status as a pill: one colour, one icon and a few words for each state, the
// same in every list, on the dashboard and on a fax's page. What does not fit in the pill (the
// credits given back, which attempt this is) is its `detail`, shown beside it where there is room.

const t = translator({ faxStatus: faxStatusMessages });

export type PillTone = 'ok' | 'bad' | 'warn' | 'info' | 'neutral';

export interface StatusPill {
  tone: PillTone;
  icon: IconName;
  /** The icon turns while the fax is on its way. */
  spin: boolean;
  text: string;
  detail: string | null;
}

function pill(tone: PillTone, icon: IconName, text: string, detail: string | null = null): StatusPill {
  return { tone, icon, spin: false, text, detail };
}

function failed(fax: FaxView): StatusPill {
  const reason = fax.failureReason ? failureTitle(fax.failureReason) : null;
  const text =
    fax.direction === 'RECEIVE'
      ? reason
        ? t('faxStatus.pill.missed', { reason })
        : t('faxStatus.pill.missedNoReason')
      : reason
        ? t('faxStatus.pill.failed', { reason })
        : t('faxStatus.pill.failedNoReason');
  return pill('bad', 'circle-x', text, refundText(fax));
}

/** Delivered ✓, failed ✕ with its short reason, sending page 2 of 5, retrying at 10:42, scheduled, received… */
export function faxStatusPill(fax: FaxView, timeZone: string): StatusPill {
  if (isWaitingForRetry(fax)) {
    const detail = t('faxStatus.pill.retryReason', {
      reason: failureTitle(fax.failureReason!),
      attempt: Math.min(fax.attempt + 1, fax.maxAttempts),
      max: fax.maxAttempts,
    });
    return pill('warn', 'clock', t('faxStatus.pill.retryAt', { time: formatTime(fax.nextAttemptAt!, timeZone) }), detail);
  }
  const attempt = isRetrying(fax) ? t('faxStatus.pill.attempt', { attempt: fax.attempt, max: fax.maxAttempts }) : null;
  switch (fax.status) {
    case 'QUEUED':
      if (fax.sendAt !== null) {
        return pill('neutral', 'calendar-clock', t('faxStatus.pill.scheduled', { when: formatListDate(fax.sendAt, timeZone) }));
      }
      return attempt ? pill('warn', 'clock', t('faxStatus.pill.dialingAgain'), attempt) : pill('warn', 'clock', t('faxStatus.pill.queued'));
    case 'SENDING': {
      const page = { page: Math.min(fax.pagesSent + 1, fax.pageCount), total: fax.pageCount };
      return { ...pill('info', 'loader-circle', t('faxStatus.pill.sending', page), attempt), spin: true };
    }
    case 'DELIVERED':
      return pill('ok', 'circle-check', t('faxStatus.pill.delivered'));
    case 'FAILED':
      return failed(fax);
    case 'RECEIVING':
      return { ...pill('info', 'loader-circle', t('faxStatus.pill.receiving')), spin: true };
    case 'RECEIVED':
      return fax.partial
        ? pill('warn', 'triangle-alert', t('faxStatus.pill.partial'), t('faxStatus.pill.partialDetail'))
        : pill('ok', 'circle-check', t('faxStatus.pill.received'));
  }
}
