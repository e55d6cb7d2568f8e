import type { FaxView } from '../../common/faxes';
import { useTimeZone } from '../time/time-zone';
import { faxProgressText, refundText } from './fax-text';

/** A sent fax's status in a list: where it is, and what was given back ("Failed: Line busy · 2 credits refunded"). */
export default function FaxStatusCell({ fax }: { fax: FaxView }) {
  const refund = refundText(fax);
  const timeZone = useTimeZone();
  return (
    <td className={`fax-status fax-status-${fax.status.toLowerCase()}`}>
      {faxProgressText(fax, timeZone)}
      {refund && <span className="fax-refund"> · {refund}</span>}
    </td>
  );
}
