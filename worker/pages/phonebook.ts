import { CONTACT_PAGE_SIZE } from '../../src/common/contacts';
import type { PageData } from '../../src/common/page-data';
import { searchTerms } from '../domain/contacts';
import { userStore } from '../user-store/stub';
import { toContactListPage } from '../views/contacts';
import type { PageInput } from './page-input';

/** /phonebook: its first page, as GET /api/contacts answers it (the search starts empty). */
export async function loadPhonebook({ env, user }: PageInput): Promise<PageData | null> {
  if (!user) return null;
  const page = await userStore(env, user.id).listContacts(searchTerms(''), null, CONTACT_PAGE_SIZE);
  return { page: 'phonebook', contacts: toContactListPage(page) };
}
