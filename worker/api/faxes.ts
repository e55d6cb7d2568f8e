import { Hono } from 'hono';
import { faxPdfFileName } from '../../src/common/fax-file-name';
import { faxIdParamSchema, faxListQuerySchema } from '../../src/common/fax-queries';
import { toFaxSearch } from '../../src/common/fax-search';
import { FAX_FIRST_PAGE_SIZE, FAX_NEXT_PAGE_SIZE, type FaxDetails, type FaxListPage, type SendStatus } from '../../src/common/faxes';
import type { RecentFaxes } from '../../src/common/recent-faxes';
import { t } from '../../src/i18n/t';
import { currentViewer } from '../auth/viewer';
import { decodeFaxCursor } from '../domain/fax-cursor';
import { faxConfirmationPdf, faxDocumentBody } from '../fax/fax-files';
import { findFaxDetailsOf, findFaxOf } from '../fax/user-faxes';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { validate } from '../http/validate';
import { userStore } from '../user-store/stub';
import { toFaxListPage } from '../views/faxes';

function pdfHeaders(fileName: string, disposition: 'inline' | 'attachment'): Record<string, string> {
  return {
    'content-type': 'application/pdf',
    'content-disposition': `${disposition}; filename="${fileName.replace(/[^\w.-]+/g, '_')}"`,
    'cache-control': 'private, no-store',
  };
}

// A user's faxes: history lists (spec §7: newest first, 30 then pages of 20), searched by number,
// contact name, days and status (decision 027); one fax with its timeline, the PDF transmitted, and
// the delivery confirmation. A foreign id answers like a missing one.
export const faxesApi = new Hono<AppEnv>()
  .get('/faxes', validate('query', faxListQuerySchema), async (c) => {
    const { user } = currentViewer(c);
    const { direction, cursor, ...filters } = c.req.valid('query');
    const after = cursor ? decodeFaxCursor(cursor) : null;
    if (cursor && !after) throw new ApiError(400, 'INVALID_INPUT', t('api.invalidValue', { field: t('api.cursor') }));
    const limit = after ? FAX_NEXT_PAGE_SIZE : FAX_FIRST_PAGE_SIZE;
    // The cursor is a position in the list, so the next page of a search is the same filters after it.
    const search = toFaxSearch(filters);
    const read = await userStore(c.env, user.id).listFaxes(direction, after, limit + 1, search);
    const body: FaxListPage = toFaxListPage(read, limit);
    return c.json(body, 200);
  })

  // The spec's send document: what the dashboard shows while a fax is on its way.
  .get('/sendStatus', async (c) => {
    const { user } = currentViewer(c);
    const body: SendStatus = await userStore(c.env, user.id).sendStatus();
    return c.json(body, 200);
  })

  // The dashboard's lists, as its page is rendered with them: read again when the page may have missed a push.
  .get('/recentFaxes', async (c) => {
    const { user } = currentViewer(c);
    const body: RecentFaxes = await userStore(c.env, user.id).recentFaxes();
    return c.json(body, 200);
  })

  .get('/faxes/:faxId', validate('param', faxIdParamSchema), async (c) => {
    const { user } = currentViewer(c);
    const { faxId } = c.req.valid('param');
    // Another user's fax, a missing one and a sandbox fax (the API's test keys') answer alike.
    const details: FaxDetails | null = await findFaxDetailsOf(c.env, user.id, faxId);
    if (!details) throw new ApiError(404, 'NOT_FOUND');
    return c.json(details, 200);
  })

  .get('/faxes/:faxId/document', validate('param', faxIdParamSchema), async (c) => {
    const { user } = currentViewer(c);
    const fax = await findFaxOf(c.env, user.id, c.req.valid('param').faxId);
    if (!fax) throw new ApiError(404, 'NOT_FOUND');
    const document = await faxDocumentBody(c.env, fax);
    if (!document) throw new ApiError(404, 'NOT_FOUND', t('api.faxDocumentGone'));
    return new Response(document.body, { headers: pdfHeaders(faxPdfFileName(fax), 'inline') });
  })

  .get('/faxes/:faxId/confirmation', validate('param', faxIdParamSchema), async (c) => {
    const { user } = currentViewer(c);
    const fax = await findFaxOf(c.env, user.id, c.req.valid('param').faxId);
    if (!fax) throw new ApiError(404, 'NOT_FOUND');
    if (fax.direction !== 'SEND' || fax.status !== 'DELIVERED') throw new ApiError(409, 'FAX_NOT_READY');
    const pdf = await faxConfirmationPdf(c.env, fax);
    return new Response(pdf, { headers: pdfHeaders(`fax-confirmation-${fax.id}.pdf`, 'attachment') });
  });
