import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { fileNameSchema } from '../../src/common/uploads';
import { getDb } from '../db/client';
import { findNumberOwnedBy } from '../db/queries/numbers';
import { readConfig } from '../env';
import { accountDetailsOf } from '../fax/account-credits';
import { storeDocument } from '../uploads/store-document';
import { toList, toV1Account, toV1File, toV1Number } from './envelope';
import { idempotent, requireScope } from './middleware';
import { Problem } from './problems';
import { AccountSchema, FileSchema, listSchema, NumberSchema } from './schemas';
import { problemResponses, v1Hook } from './spec';
import type { V1Env } from './v1-env';

// The account and its credits, its fax numbers, and documents uploaded to fax (decision 046): the
// same reads and the same document pipeline (uploads/store-document.ts) as the site's calls.

// Room for the multipart envelope around a document of the largest size.
const FORM_OVERHEAD_BYTES = 16 * 1024;

const limitUpload = createMiddleware<V1Env>(async (c, next) =>
  bodyLimit({
    maxSize: readConfig(c.env).MAX_DOCUMENT_BYTES + FORM_OVERHEAD_BYTES,
    onError: () => {
      throw new Problem('payload_too_large', `A document may be at most ${readConfig(c.env).MAX_DOCUMENT_BYTES} bytes.`);
    },
  })(c, next),
);

const accountRoute = createRoute({
  method: 'get',
  path: '/account',
  summary: 'Get the account and its credits',
  operationId: 'getAccount',
  tags: ['Account'],
  responses: {
    200: { description: 'The account the key belongs to.', content: { 'application/json': { schema: AccountSchema } } },
    ...problemResponses(401, 429),
  },
});

const numbersRoute = createRoute({
  method: 'get',
  path: '/numbers',
  summary: 'List the account’s fax numbers',
  operationId: 'listNumbers',
  tags: ['Numbers'],
  middleware: [requireScope('faxes:read')] as const,
  'x-scope': 'faxes:read',
  responses: {
    200: {
      description: 'Its numbers (none on the free plan).',
      content: { 'application/json': { schema: listSchema(NumberSchema, 'NumberList') } },
    },
    ...problemResponses(401, 403, 429),
  },
});

const uploadRoute = createRoute({
  method: 'post',
  path: '/files',
  summary: 'Upload a document to fax',
  description: 'PDF, images or office documents as the site takes them; converted to a PDF and its pages counted.',
  operationId: 'uploadFile',
  tags: ['Files'],
  middleware: [requireScope('faxes:send'), limitUpload, idempotent] as const,
  'x-scope': 'faxes:send',
  request: {
    headers: z.object({ 'idempotency-key': z.string().min(1).max(255).optional() }),
    body: {
      required: true,
      content: { 'multipart/form-data': { schema: z.object({ file: z.instanceof(File).openapi({ type: 'string', format: 'binary' }) }) } },
    },
  },
  responses: {
    201: { description: 'The document stored, ready to fax.', content: { 'application/json': { schema: FileSchema } } },
    ...problemResponses(400, 401, 403, 409, 413, 422, 429),
  },
});

export const accountV1 = new OpenAPIHono<V1Env>({ defaultHook: v1Hook })
  .openapi(accountRoute, async (c) => c.json(toV1Account(await accountDetailsOf(c.env, c.get('owner')), c.get('apiKey')), 200))
  .openapi(numbersRoute, async (c) => {
    const row = await findNumberOwnedBy(getDb(c.env), c.get('owner').id);
    return c.json(toList(row ? [toV1Number(row)] : [], null), 200);
  })
  .openapi(uploadRoute, async (c) => {
    const { file } = c.req.valid('form');
    const name = fileNameSchema.safeParse(file.name);
    if (!name.success)
      throw new Problem('invalid_request', 'The file name is not valid.', { errors: [{ field: 'file', message: 'file name' }] });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const row = await storeDocument(c.env, getDb(c.env), c.get('owner').id, name.data, bytes, readConfig(c.env));
    return c.json(toV1File(row), 201);
  });
