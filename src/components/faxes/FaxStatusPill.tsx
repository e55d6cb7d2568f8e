import type { FaxView } from '../../common/faxes';
import Icon from '../icons/Icon';
import { receivedStatusText } from '../inbox/inbox-text';
import { useTimeZone } from '../time/time-zone';
import { faxStatusLook } from './fax-status-look';
import { faxProgressText } from './fax-text';

/**
 * A fax's status as a pill with its icon (`<span class="pill ok|bad|warn|info">`), in the words
 * of the lists (fax-text.ts for a sent fax, inbox-text.ts for a received one).
 */
export default function FaxStatusPill({ fax }: { fax: FaxView }) {
  const timeZone = useTimeZone();
  const { tone, icon } = faxStatusLook(fax);
  const text = fax.direction === 'RECEIVE' ? receivedStatusText(fax) : faxProgressText(fax, timeZone);
  return (
    <span className={tone === 'neutral' ? 'pill' : `pill ${tone}`}>
      <Icon name={icon} className={icon === 'loader-circle' ? 'spin' : undefined} />
      {text}
    </span>
  );
}
