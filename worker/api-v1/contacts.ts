import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { CONTACT_LIMITS, CONTACT_PAGE_MAX, type ContactFields, contactInputSchema } from '../../src/common/contacts';
import { type ContactChange, decodeContactCursor, searchTerms } from '../domain/contacts';
import { userStore } from '../user-store/stub';
import { toContactListPage } from '../views/contacts';
import { toList, toV1Contact } from './envelope';
import { idempotent, requireScope } from './middleware';
import { Problem } from './problems';
import { afterQuery, ContactSchema, listSchema } from './schemas';
import { problemResponses, v1Hook } from './spec';
import type { V1Env } from './v1-env';

// The phonebook through /v1 (decision 046): the user store's contact operations the site's
// /api/contacts calls use, the fields checked by the site's own schema (contactInputSchema: the
// number read by the one phone rule), in the public envelope.

// Built with the extended zod here (the shared schemas are plain zod, without .openapi()).
const ContactId = z.object({ id: z.uuid().openapi({ param: { name: 'id', in: 'path' } }) });

const ContactInput = z
  .object({
    name: z.string().max(CONTACT_LIMITS.name),
    fax_number: z.string().max(CONTACT_LIMITS.faxNumber).openapi({ example: '+1 212 555 0123' }),
    company: z.string().max(CONTACT_LIMITS.company).optional(),
    email: z.string().max(CONTACT_LIMITS.email).optional(),
    note: z.string().max(CONTACT_LIMITS.note).optional(),
  })
  .openapi('ContactInput');

const ContactPatch = ContactInput.partial().openapi('ContactPatch');

const SNAKE: Record<string, string> = { faxNumber: 'fax_number' };

/** The site's rules for a contact's fields; a failure names the field as /v1 spells it. */
function checkFields(input: z.infer<typeof ContactPatch>, base: Partial<ContactFields> = {}): ContactFields {
  const parsed = contactInputSchema.safeParse({
    name: input.name ?? base.name,
    faxNumber: input.fax_number ?? base.faxNumber,
    company: input.company ?? base.company,
    email: input.email ?? base.email,
    note: input.note ?? base.note,
  });
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((issue) => {
    const field = String(issue.path[0] ?? 'body');
    return { field: SNAKE[field] ?? field, message: issue.message === 'INVALID_FAX_NUMBER' ? 'not a fax number' : issue.message };
  });
  throw new Problem('invalid_request', 'The contact is not valid.', { errors });
}

function refuse(change: Exclude<ContactChange, { ok: true }>): never {
  if (change.code !== 'CONTACT_EXISTS') {
    if (change.code === 'NOT_FOUND') throw new Problem('not_found', 'No contact of this account has this id.');
    throw new Problem('too_many_contacts');
  }
  throw new Problem('contact_exists', `${change.existing.name} (${change.existing.id}) has this fax number.`);
}

const read = [requireScope('contacts:read')];
const write = [requireScope('contacts:write')];

const listRoute = createRoute({
  method: 'get',
  path: '/contacts',
  summary: 'List contacts',
  description: 'In name order.',
  operationId: 'listContacts',
  tags: ['Contacts'],
  middleware: read,
  'x-scope': 'contacts:read',
  request: {
    query: z.object({
      after: afterQuery,
      limit: z.coerce.number().int().min(1).max(CONTACT_PAGE_MAX).default(20),
      search: z.string().max(100).optional().openapi({ description: 'Words of the name or company, or digits of the number.' }),
    }),
  },
  responses: {
    200: { description: 'A page of contacts.', content: { 'application/json': { schema: listSchema(ContactSchema, 'ContactList') } } },
    ...problemResponses(400, 401, 403, 429),
  },
});

const getRoute = createRoute({
  method: 'get',
  path: '/contacts/{id}',
  summary: 'Get a contact',
  operationId: 'getContact',
  tags: ['Contacts'],
  middleware: read,
  'x-scope': 'contacts:read',
  request: { params: ContactId },
  responses: {
    200: { description: 'The contact.', content: { 'application/json': { schema: ContactSchema } } },
    ...problemResponses(400, 401, 403, 404, 429),
  },
});

const createContactRoute = createRoute({
  method: 'post',
  path: '/contacts',
  summary: 'Add a contact',
  description: 'One contact per fax number (409 contact_exists names the one that has it).',
  operationId: 'createContact',
  tags: ['Contacts'],
  middleware: [...write, idempotent],
  'x-scope': 'contacts:write',
  request: {
    headers: z.object({ 'idempotency-key': z.string().min(1).max(255).optional() }),
    body: { required: true, content: { 'application/json': { schema: ContactInput } } },
  },
  responses: {
    201: { description: 'The contact added.', content: { 'application/json': { schema: ContactSchema } } },
    ...problemResponses(400, 401, 403, 409, 422, 429),
  },
});

const updateRoute = createRoute({
  method: 'patch',
  path: '/contacts/{id}',
  summary: 'Change a contact',
  description: 'Only the fields sent change.',
  operationId: 'updateContact',
  tags: ['Contacts'],
  middleware: write,
  'x-scope': 'contacts:write',
  request: { params: ContactId, body: { required: true, content: { 'application/json': { schema: ContactPatch } } } },
  responses: {
    200: { description: 'The contact changed.', content: { 'application/json': { schema: ContactSchema } } },
    ...problemResponses(400, 401, 403, 404, 409, 429),
  },
});

const deleteRoute = createRoute({
  method: 'delete',
  path: '/contacts/{id}',
  summary: 'Delete a contact',
  operationId: 'deleteContact',
  tags: ['Contacts'],
  middleware: write,
  'x-scope': 'contacts:write',
  request: { params: ContactId },
  responses: {
    200: {
      description: 'Deleted.',
      content: {
        'application/json': {
          schema: z.object({ id: z.string(), object: z.literal('contact'), deleted: z.literal(true) }).openapi('DeletedContact'),
        },
      },
    },
    ...problemResponses(400, 401, 403, 404, 429),
  },
});

const storeOf = (c: Context<V1Env>) => userStore(c.env, c.get('owner').id);

export const contactsV1 = new OpenAPIHono<V1Env>({ defaultHook: v1Hook })
  .openapi(listRoute, async (c) => {
    const { after, limit, search } = c.req.valid('query');
    const position = after ? decodeContactCursor(after) : null;
    if (after && !position)
      throw new Problem('invalid_request', 'The cursor is not one this API gave.', {
        errors: [{ field: 'after', message: 'unknown cursor' }],
      });
    const page = toContactListPage(await storeOf(c).listContacts(searchTerms(search ?? ''), position, limit));
    return c.json(toList(page.contacts.map(toV1Contact), page.nextCursor), 200);
  })
  .openapi(getRoute, async (c) => {
    const contact = await storeOf(c).contact(c.req.valid('param').id);
    if (!contact) throw new Problem('not_found', 'No contact of this account has this id.');
    return c.json(toV1Contact(contact), 200);
  })
  .openapi(createContactRoute, async (c) => {
    const change = await storeOf(c).addContact(checkFields(c.req.valid('json')), Date.now());
    if (!change.ok) refuse(change);
    return c.json(toV1Contact(change.contact), 201);
  })
  .openapi(updateRoute, async (c) => {
    const { id } = c.req.valid('param');
    const existing = await storeOf(c).contact(id);
    if (!existing) throw new Problem('not_found', 'No contact of this account has this id.');
    const change = await storeOf(c).editContact(id, checkFields(c.req.valid('json'), existing), Date.now());
    if (!change.ok) refuse(change);
    return c.json(toV1Contact(change.contact), 200);
  })
  .openapi(deleteRoute, async (c) => {
    const { id } = c.req.valid('param');
    if (!(await storeOf(c).deleteContacts([id]))) throw new Problem('not_found', 'No contact of this account has this id.');
    return c.json({ id, object: 'contact' as const, deleted: true as const }, 200);
  });
