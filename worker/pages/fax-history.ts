import { toFaxSearch } from '../../src/common/fax-search';
import { FAX_FIRST_PAGE_SIZE, type FaxDirection } from '../../src/common/faxes';
import type { PageData } from '../../src/common/page-data';
import { userStore } from '../user-store/stub';
import { toFaxListPage } from '../views/faxes';
import type { PageInput } from './page-input';

/**
 * The filters a history page keeps in its address (src/stores/fax-list-filters.ts). A page opened
 * with any of them (a reload of a search, a shared link) reads what they find itself: its days
 * are the viewer's own, which only the browser knows.
 */
const FILTER_PARAMS = ['q', 'status', 'unread', 'from', 'to'];

/** /sent and /inbox: the history's first page, as GET /api/faxes?direction= answers it. */
export async function loadFaxHistory({ env, url, user }: PageInput, direction: FaxDirection): Promise<PageData | null> {
  if (!user || FILTER_PARAMS.some((name) => url.searchParams.get(name))) return null;
  const read = await userStore(env, user.id).listFaxes(direction, null, FAX_FIRST_PAGE_SIZE + 1, toFaxSearch({}));
  return { page: 'faxHistory', faxes: toFaxListPage(read, FAX_FIRST_PAGE_SIZE) };
}
