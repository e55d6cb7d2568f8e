import { Hono } from 'hono';
import { changeEmailSchema, confirmEmailChangeSchema, newEmailSchema } from '../../src/common/account-schemas';
import { t } from '../../src/i18n/t';
import { issueMailedToken } from '../auth/mailed-token';
import { requireRecentSecondFactor } from '../auth/step-up';
import { currentViewer } from '../auth/viewer';
import { sha256Hex } from '../crypto/tokens';
import { getDb } from '../db/client';
import { consumeEmailToken, findValidEmailToken } from '../db/queries/email-tokens';
import { findUserByEmail, findUserById, updateEmail } from '../db/queries/users';
import { readConfig } from '../env';
import { accountDetailsOf } from '../fax/account-credits';
import { ApiError, defaultMessage } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { parseChangeValue, readChangeBody } from '../http/validate-change';
import { publishToUser } from '../live/publish';
import { confirmNewEmailMail, emailChangeNoticeMail } from '../mail/email-change-mail';
import { mailLinkOrigin } from '../mail/link-origin';
import { sendMail } from '../mail/send';
import { checkCurrentPassword } from './credentials';

const EMAIL_CHANGE_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

// Changing the e-mail (spec §5): the current password first, then a link to the new address; the
// address changes only when that link is followed, by the same account. Failures are OTHER.
export const emailChangeApi = new Hono<AppEnv>()
  .post('/changeEmail', async (c) => {
    const body = await readChangeBody(c, changeEmailSchema);
    await requireRecentSecondFactor(c, currentViewer(c).user);
    const user = await checkCurrentPassword(c, body.currentPassword);
    const newEmail = parseChangeValue(newEmailSchema, body.newEmail);
    const db = getDb(c.env);
    if (newEmail === user.email) throw new ApiError(400, 'OTHER', t('api.sameEmail'));
    if (await findUserByEmail(db, newEmail)) throw new ApiError(400, 'OTHER', defaultMessage('EMAIL_IN_USE'));
    const token = await issueMailedToken(db, {
      userId: user.id,
      purpose: 'email-change',
      payload: newEmail,
      lifetimeMs: EMAIL_CHANGE_LINK_LIFETIME_MS,
    });
    const link = `${mailLinkOrigin(readConfig(c.env), c.req.url)}/settings?confirmEmail=${encodeURIComponent(token)}`;
    await sendMail(c.env, confirmNewEmailMail(newEmail, link));
    await sendMail(c.env, emailChangeNoticeMail(user.email, newEmail));
    return c.json({ sent: true, newEmail }, 202);
  })

  .post('/confirmEmailChange', async (c) => {
    const { viewer, sessionId } = currentViewer(c);
    const db = getDb(c.env);
    const tokenId = await sha256Hex((await readChangeBody(c, confirmEmailChangeSchema)).token);
    // A link of another account is refused like an unknown one, and stays unused for its owner.
    const found = await findValidEmailToken(db, tokenId, 'email-change', Date.now());
    const row = found?.userId === viewer.id ? await consumeEmailToken(db, tokenId, 'email-change', Date.now()) : null;
    if (!row?.payload) throw new ApiError(400, 'OTHER', t('api.emailChangeLinkInvalid'));
    if (!(await updateEmail(db, viewer.id, row.payload))) throw new ApiError(400, 'OTHER', defaultMessage('EMAIL_IN_USE'));
    const user = await findUserById(db, viewer.id);
    if (!user) throw new ApiError(401, 'UNAUTHENTICATED');
    await publishToUser(c.env, user.id, { type: 'account.updated', at: Date.now() }, { exceptSessionId: sessionId });
    return c.json({ account: await accountDetailsOf(c.env, user) }, 200);
  });
