import type { FaxView } from '../../common/faxes';
import type { IconName } from '../../icons/icon-names';
import dashboardMessages from 'virtual:messages/dashboard';
import faxStatusMessages from 'virtual:messages/faxStatus';
import { translator } from '../../i18n/translator';
import { isWaitingForRetry } from '../faxes/fax-text';
import Icon from '../icons/Icon';

const t = translator({ dashboard: dashboardMessages, faxStatus: faxStatusMessages });

interface Look {
  tone: '' | 'ok' | 'bad' | 'warn' | 'info';
  icon: IconName;
  spin?: boolean;
  text: string;
}

/** A fax's status as a word with its icon and colour: never colour alone. */
function lookOf(fax: FaxView): Look {
  if (fax.status === 'QUEUED' && fax.sendAt !== null) return { tone: '', icon: 'calendar-clock', text: t('dashboard.scheduled') };
  if (isWaitingForRetry(fax)) return { tone: 'warn', icon: 'clock', text: t('faxStatus.QUEUED') };
  switch (fax.status) {
    case 'DELIVERED':
    case 'RECEIVED':
      return { tone: 'ok', icon: 'circle-check', text: t(`faxStatus.${fax.status}`) };
    case 'FAILED':
      return { tone: 'bad', icon: 'circle-x', text: t('faxStatus.FAILED') };
    default:
      return { tone: 'info', icon: 'loader-circle', spin: true, text: t(`faxStatus.${fax.status}`) };
  }
}

/** The dashboard's status pill of a fax (the lists may share one later: src/components/faxes). */
export default function FaxPill({ fax }: { fax: FaxView }) {
  const look = lookOf(fax);
  return (
    <span className={look.tone ? `pill ${look.tone}` : 'pill'}>
      <Icon name={look.icon} className={look.spin ? 'spin' : undefined} />
      {look.text}
    </span>
  );
}
