import { Hono } from 'hono';
import { UNVERIFIED_SEND_LIMIT } from '../../src/common/email-verification';
import { sendFaxSchema } from '../../src/common/faxes';
import { toE164 } from '../../src/common/phone';
import { currentViewer } from '../auth/viewer';
import { getDb } from '../db/client';
import { createSendFaxCharged, findFaxOwnedBy } from '../db/queries/faxes';
import { findFileOfUser } from '../db/queries/files';
import { findUserById } from '../db/queries/users';
import { toFaxView } from '../views/faxes';
import { readConfig } from '../env';
import { publishFaxRow } from '../live/fax-publish';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { validate } from '../http/validate';
import { enqueueFaxJob } from '../queues/fax-messages';
import { publishToUser } from '../live/publish';
import { t } from '../../src/i18n/t';
import { spendable } from '../domain/credits';

// POST /api/sendFax (spec §7): validates the number and the document, counts the pages itself
// (the client's pageCount is only what the page showed), charges the credits in the same D1 batch
// that creates the fax, and queues the dispatch. On failure the body's `message` is what the page
// shows the user.
export const sendFaxApi = new Hono<AppEnv>().post('/sendFax', validate('json', sendFaxSchema), async (c) => {
  const { user } = currentViewer(c);
  // Until the account's address is confirmed it may send only a few faxes (issue 15, finding 1).
  if (user.emailVerifiedAt === null && user.lifetimeSendCount >= UNVERIFIED_SEND_LIMIT) throw new ApiError(403, 'EMAIL_NOT_VERIFIED');
  const body = c.req.valid('json');
  const toNumber = toE164(body.toNumber);
  if (!toNumber) throw new ApiError(400, 'INVALID_FAX_NUMBER');

  const db = getDb(c.env);
  const file = await findFileOfUser(db, user.id, body.fileId);
  if (!file) throw new ApiError(404, 'NOT_FOUND', t('api.uploadGone'));

  const cover = body.coverpage || null;
  const pageCount = file.pageCount + (cover ? 1 : 0);
  const { MAX_FAX_PAGES } = readConfig(c.env);
  if (pageCount > MAX_FAX_PAGES) {
    throw new ApiError(400, 'TOO_MANY_PAGES', t('api.tooManyPages', { pages: pageCount, max: MAX_FAX_PAGES }));
  }

  const faxId = crypto.randomUUID();
  const accepted = await createSendFaxCharged(c.env.DB, {
    id: faxId,
    userId: user.id,
    toNumber,
    pageCount,
    fileId: file.id,
    fileName: file.name,
    coverPage: cover ? JSON.stringify(cover) : null,
    anonymous: body.anonymous,
    now: Date.now(),
  });
  if (!accepted) {
    // The balance now, not the one read with the session: another send may have just spent it.
    const now = (await findUserById(db, user.id)) ?? user;
    const available = spendable({ defaultCredits: now.defaultCreditsSend, paidCredits: now.paidCreditsSend });
    throw new ApiError(
      402,
      'INSUFFICIENT_CREDITS',
      pageCount === 1 ? t('api.insufficientCreditsOne', { available }) : t('api.insufficientCredits', { needed: pageCount, available }),
    );
  }

  try {
    await enqueueFaxJob(c.env, { kind: 'fax.dispatch', faxId, attempt: 1 });
  } catch (error) {
    // The fax is accepted and paid for: the cron queues a dispatch that never was (fax/stalled-dispatch.ts).
    console.warn(`Fax ${faxId}: queueing its dispatch failed; the cron will queue it again`, error);
  }
  const fax = (await findFaxOwnedBy(db, user.id, faxId))!;
  c.executionCtx.waitUntil(
    Promise.all([publishFaxRow(c.env, fax), publishToUser(c.env, user.id, { type: 'account.updated', at: Date.now() })]),
  );
  return c.json({ faxId, fax: toFaxView(fax) }, 201);
});
