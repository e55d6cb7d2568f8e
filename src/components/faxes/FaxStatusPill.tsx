import type { FaxView } from '../../common/faxes';
import Icon from '../icons/Icon';
import { useTimeZone } from '../time/time-zone';
import { faxStatusPill } from './fax-status-pill';
import './fax-status-pill.css';

/**
 * A fax's status as a pill with its icon (`<span class="pill ok">✓ Delivered</span>`), the same
 * everywhere a status is shown; `detail` adds what does not fit in it ("1 credit refunded").
 */
export default function FaxStatusPill({ fax, detail = false }: { fax: FaxView; detail?: boolean }) {
  const pill = faxStatusPill(fax, useTimeZone());
  return (
    <>
      <span className={`pill ${pill.tone}`}>
        <Icon name={pill.icon} className={pill.spin ? 'spin' : undefined} />
        {pill.text}
      </span>
      {detail && pill.detail && <span className="pill-detail">{pill.detail}</span>}
    </>
  );
}
