import type { FaxView } from '../../common/faxes';

/** A received fax has pages to show once it has arrived, or when a broken call still brought some. */
export function pagesArrived(fax: FaxView): boolean {
  return fax.status === 'RECEIVED' || (fax.status === 'FAILED' && fax.pageCount > 0);
}
