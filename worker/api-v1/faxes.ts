import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { COVER_PAGE_TEMPLATES } from '../../src/common/cover-page-rules';
import { faxPdfFileName } from '../../src/common/fax-file-name';
import { FAX_ID_PATTERN } from '../../src/common/fax-id';
import { FAX_STATUS_FILTERS, toFaxSearch } from '../../src/common/fax-search';
import type { FaxDirection } from '../../src/common/faxes';
import { MAX_RECIPIENTS } from '../../src/common/send-many-rules';
import { getDb } from '../db/client';
import { decodeFaxCursor } from '../domain/fax-cursor';
import { canBeTrashed } from '../domain/trash';
import { readConfig } from '../env';
import { faxDocumentBody } from '../fax/fax-files';
import { sendFaxRequest, sendFaxToManyRequest } from '../fax/send-request';
import { findFaxDetailsOf, findFaxOf, mayBeFaxOf } from '../fax/user-faxes';
import { fetchDocument } from '../uploads/fetch-document';
import { storeDocument } from '../uploads/store-document';
import { userStore } from '../user-store/stub';
import { toFaxListPage } from '../views/faxes';
import { toList, toV1Fax } from './envelope';
import { idempotent, requireScope } from './middleware';
import { Problem } from './problems';
import { afterQuery, FaxSchema, limitQuery, listSchema } from './schemas';
import { problemResponses, v1Hook } from './spec';
import type { V1Env } from './v1-env';

// Faxes through /v1 (decision 046): the same feature functions as the site's /api/sendFax,
// /api/sendFaxToMany, /api/faxes, /api/cancelScheduledFax and /api/trashFaxes, in the public envelope.

const FaxId = z.object({
  id: z
    .string()
    .regex(FAX_ID_PATTERN)
    .openapi({ param: { name: 'id', in: 'path' } }),
});

const CoverPageInput = z
  .object({
    template: z.enum(COVER_PAGE_TEMPLATES).optional(),
    to_name: z.string().max(80).optional(),
    to_company: z.string().max(80).optional(),
    from_name: z.string().max(80).optional(),
    from_company: z.string().max(80).optional(),
    from_number: z.string().max(40).optional(),
    subject: z.string().max(120).optional(),
    message: z.string().max(2000).optional(),
  })
  .openapi('CoverPageInput');

const SendFaxInput = z
  .object({
    to: z
      .union([z.string().min(1).max(40), z.array(z.string().min(1).max(40)).min(1).max(MAX_RECIPIENTS)])
      .openapi({ description: `A fax number, or up to ${MAX_RECIPIENTS} of them (one fax each).`, example: '+12125550123' }),
    file_id: z.uuid().optional().openapi({ description: 'A document uploaded with POST /v1/files. Give this or `document_url`.' }),
    document_url: z.url().max(2048).optional().openapi({
      description:
        'An https URL the document is fetched from, once, instead of `file_id`: no private or reserved addresses, at most 3 redirects, 15 s, the upload size limit; then stored and checked as an upload.',
      example: 'https://example.com/invoice.pdf',
    }),
    cover_page: CoverPageInput.optional(),
    send_at: z.string().datetime({ offset: true }).optional().openapi({ description: 'Send later (within 30 days); at once when absent.' }),
    anonymous: z.boolean().default(false).openapi({ description: 'Withhold your number.' }),
  })
  .openapi('SendFaxInput');

const FaxBatch = z
  .object({ object: z.literal('fax_batch'), broadcast_id: z.string(), data: z.array(FaxSchema) })
  .openapi('FaxBatch', { description: 'The faxes of a send to many numbers, in the order given.' });

const ListQuery = z.object({
  after: afterQuery,
  limit: limitQuery,
  status: z
    .enum(FAX_STATUS_FILTERS)
    .optional()
    .openapi({ description: 'delivered, failed or sending (sent); received, failed or receiving (received).' }),
  number: z.string().min(1).max(40).optional().openapi({ description: 'The other party’s number, or digits of it.' }),
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .openapi({ description: 'First day, YYYY-MM-DD (UTC).' }),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .openapi({ description: 'Last day, YYYY-MM-DD (UTC).' }),
});

/** The cover page's date is where the fax is sent from: for an API call, UTC at the send time. */
function coverPageOf(input: z.infer<typeof CoverPageInput> | undefined, at: Date) {
  if (!input) return null;
  return {
    template: input.template ?? 'classic',
    toName: input.to_name ?? '',
    toCompany: input.to_company ?? '',
    toNumber: '',
    fromName: input.from_name ?? '',
    fromCompany: input.from_company ?? '',
    fromNumber: input.from_number ?? '',
    subject: input.subject ?? '',
    message: input.message ?? '',
    localDateOptions: {
      hours: at.getUTCHours(),
      minutes: at.getUTCMinutes(),
      month: at.getUTCMonth() + 1,
      date: at.getUTCDate(),
      year: at.getUTCFullYear(),
      iso: at.toISOString(),
    },
  };
}

function listRoute(path: string, summary: string, operationId: string) {
  return createRoute({
    method: 'get',
    path,
    summary,
    operationId,
    tags: ['Faxes'],
    middleware: [requireScope('faxes:read')] as const,
    'x-scope': 'faxes:read',
    request: { query: ListQuery },
    responses: {
      200: { description: 'Newest first.', content: { 'application/json': { schema: listSchema(FaxSchema, 'FaxList') } } },
      ...problemResponses(400, 401, 403, 429),
    },
  });
}

const faxRoute = createRoute({
  method: 'get',
  path: '/faxes/{id}',
  summary: 'Get a fax, sent or received',
  operationId: 'getFax',
  tags: ['Faxes'],
  middleware: [requireScope('faxes:read')] as const,
  'x-scope': 'faxes:read',
  request: { params: FaxId },
  responses: {
    200: { description: 'The fax.', content: { 'application/json': { schema: FaxSchema } } },
    ...problemResponses(400, 401, 403, 404, 429),
  },
});

const pdfRoute = createRoute({
  method: 'get',
  path: '/faxes/{id}/pdf',
  summary: 'Download the PDF of a fax',
  description: 'Sent: the document as transmitted (cover page included once prepared). Received: the pages that arrived.',
  operationId: 'downloadFaxPdf',
  tags: ['Faxes'],
  middleware: [requireScope('faxes:read')] as const,
  'x-scope': 'faxes:read',
  request: { params: FaxId },
  responses: {
    200: { description: 'The PDF.', content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } } },
    ...problemResponses(400, 401, 403, 404, 429),
  },
});

const sendRoute = createRoute({
  method: 'post',
  path: '/faxes',
  summary: 'Send a fax',
  description:
    'Charges the pages at once (refunded when the fax fails). The document is an uploaded `file_id` or a `document_url` fetched once. Send `Idempotency-Key` so a retried request never sends twice (nor fetches again).',
  operationId: 'sendFax',
  tags: ['Faxes'],
  middleware: [requireScope('faxes:send'), idempotent] as const,
  'x-scope': 'faxes:send',
  request: {
    headers: z.object({ 'idempotency-key': z.string().min(1).max(255).optional() }),
    body: { required: true, content: { 'application/json': { schema: SendFaxInput } } },
  },
  responses: {
    201: {
      description: 'Accepted: queued, or scheduled when `send_at` is given.',
      content: { 'application/json': { schema: z.union([FaxSchema, FaxBatch]) } },
    },
    ...problemResponses(400, 401, 402, 403, 404, 409, 413, 422, 429),
  },
});

const cancelRoute = createRoute({
  method: 'post',
  path: '/faxes/{id}/cancel',
  summary: 'Cancel a scheduled fax',
  description: 'Only before it starts; its credits are given back.',
  operationId: 'cancelFax',
  tags: ['Faxes'],
  middleware: [requireScope('faxes:send')] as const,
  'x-scope': 'faxes:send',
  request: { params: FaxId },
  responses: {
    200: { description: 'The fax, failed with reason `cancelled`.', content: { 'application/json': { schema: FaxSchema } } },
    ...problemResponses(400, 401, 403, 404, 409, 429),
  },
});

const trashRoute = createRoute({
  method: 'delete',
  path: '/faxes/{id}',
  summary: 'Move a fax to the trash',
  description: 'Kept in the trash for 30 days, then deleted for good. A fax on its way cannot be trashed (409).',
  operationId: 'trashFax',
  tags: ['Faxes'],
  middleware: [requireScope('faxes:send')] as const,
  'x-scope': 'faxes:send',
  request: { params: FaxId },
  responses: {
    200: { description: 'The fax, `in_trash: true`.', content: { 'application/json': { schema: FaxSchema } } },
    ...problemResponses(400, 401, 403, 404, 409, 429),
  },
});

function listFaxesOf(direction: FaxDirection) {
  return async (c: Context<V1Env>, query: z.infer<typeof ListQuery>) => {
    const owner = c.get('owner');
    const after = query.after ? decodeFaxCursor(query.after) : null;
    if (query.after && !after)
      throw new Problem('invalid_request', 'The cursor is not one this API gave.', {
        errors: [{ field: 'after', message: 'unknown cursor' }],
      });
    const search = toFaxSearch({ status: query.status, number: query.number, from: query.from, to: query.to });
    // A live key lists the live faxes, a test key the sandbox's (decision 048).
    const livemode = c.get('apiKey').livemode;
    const read = await userStore(c.env, owner.id).listFaxes(direction, after, query.limit + 1, search, livemode);
    const page = toFaxListPage(read, query.limit);
    return toList(
      page.faxes.map((fax) => toV1Fax(fax, livemode)),
      page.nextCursor,
    );
  };
}

const listSent = listFaxesOf('SEND');
const listReceived = listFaxesOf('RECEIVE');

export const faxesV1 = new OpenAPIHono<V1Env>({ defaultHook: v1Hook })
  .openapi(listRoute('/faxes', 'List sent faxes', 'listFaxes'), async (c) => c.json(await listSent(c, c.req.valid('query')), 200))
  .openapi(listRoute('/received_faxes', 'List received faxes', 'listReceivedFaxes'), async (c) =>
    c.json(await listReceived(c, c.req.valid('query')), 200),
  )
  .openapi(faxRoute, async (c) => {
    const owner = c.get('owner');
    const { id } = c.req.valid('param');
    const livemode = c.get('apiKey').livemode;
    const details = await findFaxDetailsOf(c.env, owner.id, id, livemode);
    if (!details) throw new Problem('not_found', notFoundIn(livemode));
    return c.json(toV1Fax(details.fax, livemode), 200);
  })
  .openapi(pdfRoute, async (c) => {
    const livemode = c.get('apiKey').livemode;
    const fax = await findFaxOf(c.env, c.get('owner').id, c.req.valid('param').id);
    if (fax?.livemode !== livemode) throw new Problem('not_found', notFoundIn(livemode));
    const document = await faxDocumentBody(c.env, fax);
    if (!document) throw new Problem('not_found', 'The fax has no document (yet, or any more).');
    return new Response(document.body, {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${faxPdfFileName(fax).replace(/[^\w.-]+/g, '_')}"`,
      },
    });
  })
  .openapi(sendRoute, async (c) => {
    // A test key's send is the sandbox's (decision 048): the same rules, the simulated network, no charge.
    const livemode = c.get('apiKey').livemode;
    const owner = c.get('owner');
    const body = c.req.valid('json');
    const sendAt = body.send_at === undefined ? undefined : Date.parse(body.send_at);
    const coverpage = coverPageOf(body.cover_page, new Date(sendAt ?? Date.now()));
    const fileId = await documentOf(c, body);
    const common = { fileId, coverpage, anonymous: body.anonymous, sendAt, livemode };
    if (typeof body.to === 'string') {
      const sent = await sendFaxRequest(c.env, owner, { ...common, toNumber: body.to });
      return c.json(toV1Fax(sent.fax, livemode), 201);
    }
    const recipients = body.to.map((toNumber) => ({ toNumber }));
    const sent = await sendFaxToManyRequest(c.env, owner, { ...common, recipients });
    const data = sent.faxes.map((fax) => toV1Fax(fax, livemode));
    return c.json({ object: 'fax_batch' as const, broadcast_id: sent.broadcastId, data }, 201);
  })
  .openapi(cancelRoute, async (c) => {
    const owner = c.get('owner');
    const { id } = c.req.valid('param');
    const livemode = c.get('apiKey').livemode;
    if ((await findFaxOf(c.env, owner.id, id))?.livemode !== livemode) throw new Problem('not_found', notFoundIn(livemode));
    const outcome = await userStore(c.env, owner.id).cancelScheduled({ faxIds: [id] }, Date.now());
    if (outcome === 'NOT_FOUND') throw new Problem('not_found', 'No scheduled fax of this account has this id.');
    if (outcome === 'STARTED') throw new Problem('fax_started', 'The fax has already started; it can no longer be cancelled.');
    return c.json(toV1Fax(outcome.faxes[0]!, livemode), 200);
  })
  .openapi(trashRoute, async (c) => {
    const owner = c.get('owner');
    const { id } = c.req.valid('param');
    const livemode = c.get('apiKey').livemode;
    if (!livemode) return c.json(await trashSandboxFax(c, id), 200);
    // The store finds no sandbox fax here (the trash is the live faxes'), nor any fax of an id not the owner's.
    const moved = (await mayBeFaxOf(c.env, owner.id, id))
      ? await userStore(c.env, owner.id).moveToTrash([id], true, Date.now())
      : 'NOT_FOUND';
    if (moved === 'NOT_FOUND') throw new Problem('not_found', notFoundIn(livemode));
    if (moved === 'IN_PROGRESS')
      throw new Problem('fax_in_progress', 'A fax on its way cannot be trashed; cancel it or wait until it ends.');
    return c.json(toV1Fax(moved.faxes[0]!, livemode), 200);
  });

/**
 * The document of a send: the uploaded `file_id`, or the one fetched from `document_url` (decision
 * 050), stored and checked as an upload is (its problems are an upload's) before the send goes on.
 */
async function documentOf(c: Context<V1Env>, body: { file_id?: string | undefined; document_url?: string | undefined }) {
  if ((body.file_id === undefined) === (body.document_url === undefined)) {
    const message = 'give exactly one of file_id and document_url';
    throw new Problem('invalid_request', 'Give the document as exactly one of `file_id` and `document_url`.', {
      errors: [
        { field: 'file_id', message },
        { field: 'document_url', message },
      ],
    });
  }
  if (body.file_id !== undefined) return body.file_id;
  const config = readConfig(c.env);
  const fetched = await fetchDocument(body.document_url!, config);
  if (!fetched.ok) throw new Problem(FETCH_PROBLEMS[fetched.code], fetched.detail);
  const row = await storeDocument(c.env, getDb(c.env), c.get('owner').id, fetched.name, fetched.bytes, config);
  return row.id;
}

const FETCH_PROBLEMS = {
  REFUSED: 'document_url_refused',
  UNREACHABLE: 'document_unreachable',
  TOO_LARGE: 'document_too_large',
} as const;

/** Live keys see live faxes only, test keys the sandbox's (decision 048): another mode's fax is not found. */
function notFoundIn(livemode: boolean): string {
  return livemode
    ? 'No fax of this account has this id.'
    : 'No sandbox fax of this account has this id (test keys see sandbox faxes only).';
}

/**
 * The sandbox keeps no trash: a test fax moved there is deleted for good, and answered as it was
 * last, `in_trash: true`. One on its way is refused as a live one would be.
 */
async function trashSandboxFax(c: Context<V1Env>, id: string) {
  const owner = c.get('owner');
  const details = await findFaxDetailsOf(c.env, owner.id, id, false);
  if (!details) throw new Problem('not_found', notFoundIn(false));
  if (!canBeTrashed(details.fax)) {
    throw new Problem('fax_in_progress', 'A fax on its way cannot be trashed; cancel it or wait until it ends.');
  }
  await userStore(c.env, owner.id).wipeSandbox([id]);
  return { ...toV1Fax(details.fax, false), in_trash: true };
}
