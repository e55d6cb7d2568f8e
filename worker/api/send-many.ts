import { Hono } from 'hono';
import {
  type BroadcastView,
  broadcastIdParamSchema,
  cancelScheduledSchema,
  rescheduleSchema,
  type ScheduleChangeResult,
  type SendFaxToManyResult,
  sendFaxToManySchema,
} from '../../src/common/send-many';
import { t } from '../../src/i18n/t';
import { currentViewer } from '../auth/viewer';
import { getDb } from '../db/client';
import { findFileOfUser } from '../db/queries/files';
import { isValidSendAt } from '../domain/schedule';
import { acceptFaxes } from '../fax/accept-send';
import { sendFaxToManyRequest } from '../fax/send-request';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { validate } from '../http/validate';
import type { ScheduleOutcome } from '../user-store/sends';
import { userStore } from '../user-store/stub';

// Sending one document to many numbers and sending later (decision 025). Each recipient gets its own
// fax (own cover page, status, retries and refund); every fax of a send is charged in one
// transaction of the user's store or the whole send is refused.

function answerSchedule(outcome: ScheduleOutcome): ScheduleChangeResult {
  if (outcome === 'NOT_FOUND') throw new ApiError(404, 'NOT_FOUND');
  if (outcome === 'STARTED') throw new ApiError(409, 'FAX_STARTED');
  return outcome;
}

function targetOf(body: { faxId: string } | { broadcastId: string }) {
  return 'faxId' in body ? { faxIds: [body.faxId] } : { broadcastId: body.broadcastId };
}

export const sendManyApi = new Hono<AppEnv>()
  .post('/sendFaxToMany', validate('json', sendFaxToManySchema), async (c) => {
    const { user } = currentViewer(c);
    const answer: SendFaxToManyResult = await sendFaxToManyRequest(c.env, user, c.req.valid('json'));
    return c.json(answer, 201);
  })

  .get('/broadcasts/:broadcastId', validate('param', broadcastIdParamSchema), async (c) => {
    const { user } = currentViewer(c);
    const { broadcastId } = c.req.valid('param');
    const faxes = await userStore(c.env, user.id).broadcastFaxes(broadcastId);
    if (faxes.length === 0) throw new ApiError(404, 'NOT_FOUND');
    const answer: BroadcastView = { broadcastId, faxes };
    return c.json(answer, 200);
  })

  // Resend to the recipients whose fax failed (not those cancelled): a new send to many of them,
  // each with the cover page its first fax had, charged anew.
  .post('/resendBroadcastFailures', validate('json', broadcastIdParamSchema), async (c) => {
    const { user } = currentViewer(c);
    const { broadcastId } = c.req.valid('json');
    const group = await userStore(c.env, user.id).broadcastFaxes(broadcastId);
    if (group.length === 0) throw new ApiError(404, 'NOT_FOUND');
    const failed = group.filter((fax) => fax.status === 'FAILED' && fax.failureReason !== 'CANCELLED');
    if (failed.length === 0) throw new ApiError(409, 'NO_FAILED_FAXES');
    const originals = await userStore(c.env, user.id).sendableCopies(failed.map((fax) => fax.id));
    const fileId = originals[0]?.fileId;
    const file = fileId ? await findFileOfUser(getDb(c.env), user.id, fileId) : null;
    if (!file) throw new ApiError(404, 'NOT_FOUND', t('api.resendDocumentGone'));
    const sends = originals.map((fax) => ({ toNumber: fax.toNumber, file, coverPage: fax.coverPage, anonymous: fax.anonymous }));
    const next = crypto.randomUUID();
    const faxes = await acceptFaxes(c.env, user, sends, { sendAt: null, broadcastId: next });
    const answer: SendFaxToManyResult = { broadcastId: next, faxes };
    return c.json(answer, 201);
  })

  .post('/rescheduleFax', validate('json', rescheduleSchema), async (c) => {
    const { user } = currentViewer(c);
    const body = c.req.valid('json');
    const now = Date.now();
    if (!isValidSendAt(body.sendAt, now)) throw new ApiError(400, 'INVALID_SEND_TIME');
    const outcome = await userStore(c.env, user.id).reschedule(targetOf(body), body.sendAt, now);
    return c.json(answerSchedule(outcome), 200);
  })

  .post('/cancelScheduledFax', validate('json', cancelScheduledSchema), async (c) => {
    const { user } = currentViewer(c);
    const outcome = await userStore(c.env, user.id).cancelScheduled(targetOf(c.req.valid('json')), Date.now());
    return c.json(answerSchedule(outcome), 200);
  });
