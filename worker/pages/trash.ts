import { FAX_FIRST_PAGE_SIZE } from '../../src/common/faxes';
import type { PageData } from '../../src/common/page-data';
import { userHubStub } from '../live/publish';
import { toFaxListPage } from '../views/faxes';
import type { PageInput } from './page-input';

/** /trash: its first page, as GET /api/trash answers it. */
export async function loadTrash({ env, user }: PageInput): Promise<PageData | null> {
  if (!user) return null;
  const read = await userHubStub(env, user.id).listTrash(user.id, null, FAX_FIRST_PAGE_SIZE + 1);
  return { page: 'trash', faxes: toFaxListPage(read, FAX_FIRST_PAGE_SIZE) };
}
