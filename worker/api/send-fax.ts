import { Hono } from 'hono';
import { faxIdSchema } from '../../src/common/fax-queries';
import { sendFaxSchema } from '../../src/common/faxes';
import { t } from '../../src/i18n/t';
import { currentViewer } from '../auth/viewer';
import { getDb } from '../db/client';
import { findFileOfUser } from '../db/queries/files';
import { isTerminalStatus } from '../domain/fax-status';
import { acceptFax } from '../fax/accept-send';
import { sendFaxRequest } from '../fax/send-request';
import { findFaxOf } from '../fax/user-faxes';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { validate } from '../http/validate';

// POST /api/sendFax (spec §7): validates the number and the document, then the fax is taken as
// fax/accept-send.ts says (the client's pageCount is only what the page showed; the server counts
// again). POST /api/resendFax sends a sent fax again: the same number, document, cover page and
// caller id, charged anew. On failure the body's `message` is what the page shows the user.
export const sendFaxApi = new Hono<AppEnv>()
  .post('/sendFax', validate('json', sendFaxSchema), async (c) => {
    const { user } = currentViewer(c);
    return c.json(await sendFaxRequest(c.env, user, c.req.valid('json')), 201);
  })

  .post('/resendFax', validate('json', faxIdSchema), async (c) => {
    const { user } = currentViewer(c);
    const original = await findFaxOf(c.env, user.id, c.req.valid('json').faxId);
    if (original?.direction !== 'SEND' || !original.remoteNumber) throw new ApiError(404, 'NOT_FOUND');
    // Once it has ended: a fax still on its way may yet be delivered.
    if (!isTerminalStatus(original.status)) throw new ApiError(409, 'FAX_IN_PROGRESS', t('api.resendInProgress'));
    const file = original.fileId ? await findFileOfUser(getDb(c.env), user.id, original.fileId) : null;
    if (!file) throw new ApiError(404, 'NOT_FOUND', t('api.resendDocumentGone'));
    const sent = await acceptFax(c.env, user, {
      toNumber: original.remoteNumber,
      file: { ...file, name: original.fileName ?? file.name },
      coverPage: original.coverPage,
      anonymous: original.anonymous,
    });
    return c.json(sent, 201);
  });
