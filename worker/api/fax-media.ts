import { Hono } from 'hono';
import { z } from 'zod';
import { t } from '../../src/i18n/t';
import { readConfig } from '../env';
import { verifyFaxMediaSignature } from '../fax/media-url';
import { findSendFax } from '../fax/user-faxes';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { readObjectStream } from '../storage/bucket';

export const mediaQuerySchema = z.object({
  attempt: z.coerce.number().int().min(1).max(99),
  expires: z.coerce.number().int().min(0),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});

// GET /api/faxMedia/:faxId — the PDF a carrier transmits, fetched by the carrier itself (Telnyx
// downloads `media_url`). No session: the URL is signed and expires (worker/fax/media-url.ts).
export const faxMediaApi = new Hono<AppEnv>().get('/faxMedia/:faxId', async (c) => {
  const { FAX_MEDIA_SECRET } = readConfig(c.env);
  if (!FAX_MEDIA_SECRET) throw new ApiError(404, 'NOT_FOUND');
  const query = mediaQuerySchema.safeParse(c.req.query());
  const faxId = c.req.param('faxId');
  const valid =
    query.success && (await verifyFaxMediaSignature(FAX_MEDIA_SECRET, faxId, query.data.attempt, query.data.expires, query.data.signature));
  if (!valid) throw new ApiError(403, 'INVALID_SIGNATURE', t('api.faxLinkInvalid'));
  const fax = await findSendFax(c.env, faxId);
  const object = fax?.documentKey ? await readObjectStream(c.env, fax.documentKey) : null;
  if (!object) throw new ApiError(404, 'NOT_FOUND');
  return c.body(object.body, 200, { 'content-type': 'application/pdf', 'content-length': String(object.size) });
});
