import { type Context, Hono } from 'hono';
import {
  CONTACT_PAGE_SIZE,
  type ContactListPage,
  type ContactView,
  contactIdParamSchema,
  contactInputSchema,
  contactListQuerySchema,
  deleteContactsSchema,
  editContactSchema,
  MAX_CONTACTS,
} from '../../src/common/contacts';
import type { ApiErrorBody } from '../../src/common/errors';
import { LOCALE, t } from '../../src/i18n/t';
import { currentViewer, requireViewer } from '../auth/viewer';
import { type ContactChange, decodeContactCursor, searchTerms } from '../domain/contacts';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { validate } from '../http/validate';
import { userStore } from '../user-store/stub';
import { toContactListPage } from '../views/contacts';

/**
 * A change refused: 409 CONTACT_EXISTS with the contact that already has the number (so the page
 * can name it), 409 TOO_MANY_CONTACTS, or 404 for a contact not in the phonebook (missing and
 * foreign alike).
 */
function refuseChange(c: Context<AppEnv>, change: Exclude<ContactChange, { ok: true }>) {
  if (change.code !== 'CONTACT_EXISTS') {
    if (change.code === 'NOT_FOUND') throw new ApiError(404, 'NOT_FOUND');
    throw new ApiError(409, 'TOO_MANY_CONTACTS', t('api.tooManyContacts', { max: MAX_CONTACTS.toLocaleString(LOCALE) }));
  }
  const { existing } = change;
  const body: ApiErrorBody & { contact: ContactView } = {
    error: { code: 'CONTACT_EXISTS', message: t('api.contactExists', { number: existing.faxDisplay, name: existing.name }) },
    contact: existing,
  };
  return c.json(body, 409);
}

// The phonebook (decision 026): contacts in the user's own store, one per fax number. Every call needs
// a session (401 before the body is read); another user's contact answers 404 like a missing one,
// since each user's store holds only their own.
export const contactsApi = new Hono<AppEnv>()
  .get('/contacts', requireViewer, validate('query', contactListQuerySchema), async (c) => {
    const { user } = currentViewer(c);
    const { search, cursor, limit } = c.req.valid('query');
    const after = cursor ? decodeContactCursor(cursor) : null;
    if (cursor && !after) throw new ApiError(400, 'INVALID_INPUT', t('api.invalidValue', { field: t('api.cursor') }));
    const page = await userStore(c.env, user.id).listContacts(searchTerms(search ?? ''), after, limit ?? CONTACT_PAGE_SIZE);
    const body: ContactListPage = toContactListPage(page);
    return c.json(body, 200);
  })

  .get('/contacts/:contactId', requireViewer, validate('param', contactIdParamSchema), async (c) => {
    const { user } = currentViewer(c);
    const contact = await userStore(c.env, user.id).contact(c.req.valid('param').contactId);
    if (!contact) throw new ApiError(404, 'NOT_FOUND');
    return c.json({ contact }, 200);
  })

  .post('/addContact', requireViewer, validate('json', contactInputSchema), async (c) => {
    const { user } = currentViewer(c);
    const change = await userStore(c.env, user.id).addContact(c.req.valid('json'), Date.now());
    return change.ok ? c.json({ contact: change.contact }, 201) : refuseChange(c, change);
  })

  .post('/editContact', requireViewer, validate('json', editContactSchema), async (c) => {
    const { user } = currentViewer(c);
    const { contactId, ...fields } = c.req.valid('json');
    const change = await userStore(c.env, user.id).editContact(contactId, fields, Date.now());
    return change.ok ? c.json({ contact: change.contact }, 200) : refuseChange(c, change);
  })

  // All or nothing: one id that is not in the phonebook (missing, foreign, deleted meanwhile)
  // answers 404 and deletes none, so a page never half-applies a selection.
  .post('/deleteContacts', requireViewer, validate('json', deleteContactsSchema), async (c) => {
    const { user } = currentViewer(c);
    const { contactIds } = c.req.valid('json');
    if (!(await userStore(c.env, user.id).deleteContacts(contactIds))) throw new ApiError(404, 'NOT_FOUND');
    return c.json({ deleted: new Set(contactIds).size }, 200);
  });
