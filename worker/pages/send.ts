import { contactIdSchema } from '../../src/common/contacts';
import type { PageData } from '../../src/common/page-data';
import { formatPhoneForDisplay, toE164 } from '../../src/common/phone';
import { userStore } from '../user-store/stub';
import type { PageInput } from './page-input';

/** A number as typed is at most this long, as POST /api/sendFax takes it. */
const NUMBER_TEXT_MAX = 40;

/**
 * /send opened to send to someone (decision 026): `?contact={contactId}` (a contact's "Send a fax" in
 * the phonebook) is that contact, as GET /api/contacts/{contactId} answers it; `?to={number}` (a
 * fax's "Send a fax to this number") is the contact with that number, or else the number alone.
 * A contact fills the number and the cover page's To fields. A plain /send needs nothing more than
 * the page context; an id that is not one of the user's contacts fills nothing.
 */
export async function loadSend({ env, url, user }: PageInput): Promise<PageData | null> {
  if (!user) return null;
  const contactId = contactIdSchema.safeParse(url.searchParams.get('contact'));
  if (contactId.success) {
    return { page: 'send', contact: await userStore(env, user.id).contact(contactId.data), toNumber: null };
  }
  const to = toE164((url.searchParams.get('to') ?? '').slice(0, NUMBER_TEXT_MAX));
  if (!to) return null;
  const contact = await userStore(env, user.id).contactWithNumber(to);
  return { page: 'send', contact, toNumber: contact ? null : formatPhoneForDisplay(to) };
}
