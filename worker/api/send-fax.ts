import { Hono } from 'hono';
import { UNVERIFIED_SEND_LIMIT } from '../../src/common/email-verification';
import { sendFaxSchema } from '../../src/common/faxes';
import { toE164 } from '../../src/common/phone';
import { currentViewer } from '../auth/viewer';
import { getDb } from '../db/client';
import { creditPeriodOf } from '../db/queries/credit-period';
import { forgetFaxOwner, recordFaxOwner } from '../db/queries/fax-owners';
import { findFileOfUser } from '../db/queries/files';
import { readConfig } from '../env';
import { userHubStub } from '../live/publish';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { validate } from '../http/validate';
import { enqueueFaxJob } from '../queues/fax-messages';
import { t } from '../../src/i18n/t';

// POST /api/sendFax (spec §7): validates the number and the document, counts the pages itself
// (the client's pageCount is only what the page showed), has the user's store charge the credits
// and take the fax in one transaction (decision 023), and queues the dispatch. On failure the body's `message` is what the page
// shows the user.
export const sendFaxApi = new Hono<AppEnv>().post('/sendFax', validate('json', sendFaxSchema), async (c) => {
  const { user } = currentViewer(c);
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
  // D1 learns whose fax it is first, so the carrier's news about it always finds the store.
  await recordFaxOwner(db, faxId, user.id);
  const sendLimit = user.emailVerifiedAt === null ? UNVERIFIED_SEND_LIMIT : null;
  const outcome = await userHubStub(c.env, user.id).acceptSend(
    user.id,
    {
      id: faxId,
      toNumber,
      pageCount,
      fileId: file.id,
      fileName: file.name,
      coverPage: cover ? JSON.stringify(cover) : null,
      anonymous: body.anonymous,
      now: Date.now(),
    },
    creditPeriodOf(user),
    sendLimit,
  );
  if (!outcome.accepted) {
    await forgetFaxOwner(db, faxId);
    if (outcome.reason === 'UNVERIFIED') throw new ApiError(403, 'EMAIL_NOT_VERIFIED');
    const { available } = outcome;
    throw new ApiError(
      402,
      'INSUFFICIENT_CREDITS',
      pageCount === 1 ? t('api.insufficientCreditsOne', { available }) : t('api.insufficientCredits', { needed: pageCount, available }),
    );
  }

  try {
    await enqueueFaxJob(c.env, { kind: 'fax.dispatch', faxId, userId: user.id, attempt: 1 });
  } catch (error) {
    // The fax is accepted and paid for: the store's own alarm queues a dispatch that never was.
    console.warn(`Fax ${faxId}: queueing its dispatch failed; the store's watch will queue it again`, error);
  }
  // The store has pushed the new fax and the new balance to the user's pages.
  return c.json({ faxId, fax: outcome.fax }, 201);
});
