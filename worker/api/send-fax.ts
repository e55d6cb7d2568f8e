import { Hono } from 'hono';
import { faxIdSchema } from '../../src/common/fax-queries';
import { sendFaxSchema } from '../../src/common/faxes';
import { toE164 } from '../../src/common/phone';
import { t } from '../../src/i18n/t';
import { currentViewer } from '../auth/viewer';
import { getDb } from '../db/client';
import { findFileOfUser } from '../db/queries/files';
import { isTerminalStatus } from '../domain/fax-status';
import { isValidSendAt } from '../domain/schedule';
import { acceptFax } from '../fax/accept-send';
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
    const body = c.req.valid('json');
    const toNumber = toE164(body.toNumber);
    if (!toNumber) throw new ApiError(400, 'INVALID_FAX_NUMBER');
    const file = await findFileOfUser(getDb(c.env), user.id, body.fileId);
    if (!file) throw new ApiError(404, 'NOT_FOUND', t('api.uploadGone'));
    if (body.sendAt !== undefined && !isValidSendAt(body.sendAt, Date.now())) throw new ApiError(400, 'INVALID_SEND_TIME');
    const cover = body.coverpage || null;
    const send = { toNumber, file, coverPage: cover ? JSON.stringify(cover) : null, anonymous: body.anonymous };
    const sent = await acceptFax(c.env, user, send, body.sendAt ?? null);
    return c.json(sent, 201);
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
