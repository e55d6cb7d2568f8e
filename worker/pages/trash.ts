import { FAX_FIRST_PAGE_SIZE } from '../../src/common/faxes';
import type { PageData } from '../../src/common/page-data';
import { userStore } from '../user-store/stub';
import { toFaxListPage } from '../views/faxes';
import type { PageInput } from './page-input';

/** /trash: its first page, as GET /api/trash answers it. */
export async function loadTrash({ env, user }: PageInput): Promise<PageData | null> {
  if (!user) return null;
  const read = await userStore(env, user.id).listTrash(null, FAX_FIRST_PAGE_SIZE + 1);
  return { page: 'trash', faxes: toFaxListPage(read, FAX_FIRST_PAGE_SIZE) };
}
