import { contactIdSchema } from '../../src/common/contacts';
import type { PageData } from '../../src/common/page-data';
import { userHubStub } from '../live/publish';
import type { PageInput } from './page-input';

/**
 * /send?contact={contactId} (a contact's "Send a fax" in the phonebook): that contact, as GET
 * /api/contacts/{contactId} answers it, to fill the number and the cover page's To fields. A
 * plain /send needs nothing more than the page context; an id that is not one of the user's
 * contacts fills nothing.
 */
export async function loadSend({ env, url, user }: PageInput): Promise<PageData | null> {
  const contactId = contactIdSchema.safeParse(url.searchParams.get('contact'));
  if (!user || !contactId.success) return null;
  return { page: 'send', contact: await userHubStub(env, user.id).contact(user.id, contactId.data) };
}
