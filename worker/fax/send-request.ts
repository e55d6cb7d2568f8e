import { coverPageSchema } from '../../src/common/cover-page';
import type { SendFaxResult } from '../../src/common/faxes';
import { toE164 } from '../../src/common/phone';
import type { Recipient, SendFaxToManyResult } from '../../src/common/send-many';
import { t } from '../../src/i18n/t';
import { getDb } from '../db/client';
import { findFileOfUser } from '../db/queries/files';
import type { UserRow } from '../db/schema';
import { coverPageFor, readRecipients } from '../domain/broadcast';
import { isValidSendAt } from '../domain/schedule';
import { ApiError } from '../http/api-error';
import { acceptFax, acceptFaxes } from './accept-send';

// A send as a caller asks for it — the site's POST /api/sendFax and /api/sendFaxToMany, and the public
// POST /v1/faxes (decision 046) — checked and taken by one set of rules: the number read, the send
// time in range, the document the user's own, then fax/accept-send.ts (pages, credits, limits).

export interface SendRequest {
  toNumber: string;
  fileId: string;
  coverpage?: unknown;
  anonymous: boolean;
  sendAt?: number | undefined;
  /** False for a test key's send through /v1 (decision 048). Default true. */
  livemode?: boolean;
}

export interface SendManyRequest extends Omit<SendRequest, 'toNumber'> {
  recipients: Recipient[];
}

function checkSendAt(sendAt: number | undefined): void {
  if (sendAt !== undefined && !isValidSendAt(sendAt, Date.now())) throw new ApiError(400, 'INVALID_SEND_TIME');
}

async function userFile(env: Env, user: UserRow, fileId: string) {
  const file = await findFileOfUser(getDb(env), user.id, fileId);
  if (!file) throw new ApiError(404, 'NOT_FOUND', t('api.uploadGone'));
  return file;
}

function coverOf(coverpage: unknown) {
  return coverpage ? coverPageSchema.parse(coverpage) : null;
}

export async function sendFaxRequest(env: Env, user: UserRow, body: SendRequest): Promise<SendFaxResult> {
  const toNumber = toE164(body.toNumber);
  if (!toNumber) throw new ApiError(400, 'INVALID_FAX_NUMBER');
  const file = await userFile(env, user, body.fileId);
  checkSendAt(body.sendAt);
  const cover = coverOf(body.coverpage);
  const send = { toNumber, file, coverPage: cover ? JSON.stringify(cover) : null, anonymous: body.anonymous };
  return acceptFax(env, user, send, body.sendAt ?? null, body.livemode);
}

/** Each recipient gets its own fax, all charged in one transaction of the user's store or none. */
export async function sendFaxToManyRequest(env: Env, user: UserRow, body: SendManyRequest): Promise<SendFaxToManyResult> {
  const read = readRecipients(body.recipients);
  if (!read.ok) {
    const rows = read.unreadable.map((i) => i + 1).join(', ');
    throw new ApiError(400, 'INVALID_FAX_NUMBER', t('api.unreadableRecipients', { rows }));
  }
  checkSendAt(body.sendAt);
  const file = await userFile(env, user, body.fileId);
  const cover = coverOf(body.coverpage);
  const broadcastId = crypto.randomUUID();
  const sends = read.recipients.map((recipient) => {
    const own = coverPageFor(cover, recipient);
    return { toNumber: recipient.number, file, coverPage: own ? JSON.stringify(own) : null, anonymous: body.anonymous };
  });
  const faxes = await acceptFaxes(env, user, sends, { sendAt: body.sendAt ?? null, broadcastId, livemode: body.livemode });
  return { broadcastId, faxes };
}
