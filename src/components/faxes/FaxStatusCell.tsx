import type { FaxView } from '../../common/faxes';
import FaxStatusPill from './FaxStatusPill';

/** A sent fax's status in a table: its pill, and what does not fit in it ("1 credit refunded"). */
export default function FaxStatusCell({ fax }: { fax: FaxView }) {
  return (
    <td className="fax-status">
      <FaxStatusPill fax={fax} detail />
    </td>
  );
}
