import { CONFIRM_FAX_MAIL_PATH, FAX_MAIL_LINK_LIFETIME_MS, MAX_FAX_MAIL_ADDRESSES } from '../../src/common/fax-mail';
import { issueMailedToken } from '../auth/mailed-token';
import { sha256Hex } from '../crypto/tokens';
import type { Db } from '../db/client';
import { consumeEmailToken, deleteUserEmailTokensFor, findValidEmailToken } from '../db/queries/email-tokens';
import {
  addFaxMailAddress,
  confirmFaxMailAddress,
  deleteFaxMailAddress,
  findFaxMailAddress,
  findFaxMailAddressById,
  markFaxMailLinkSent,
} from '../db/queries/fax-mail-addresses';
import type { FaxMailAddressRow, UserRow } from '../db/schema';
import { readConfig } from '../env';
import { ApiError } from '../http/api-error';
import { confirmFaxMailAddressMail } from '../mail/fax-mail-address-mail';
import { mailLinkOrigin } from '../mail/link-origin';
import { sendMail } from '../mail/send';

// The addresses a user gets received faxes at (decision 028): added unconfirmed, confirmed by a
// single-use link mailed to each (one live link per address), removable at any time. The link
// needs no session: it proves whoever reads that mailbox agrees, whichever browser opens it.

const PURPOSE = 'fax-mail-confirm';

async function mailConfirmationLink(env: Env, db: Db, user: UserRow, address: FaxMailAddressRow, requestUrl: string): Promise<void> {
  const token = await issueMailedToken(db, {
    userId: user.id,
    purpose: PURPOSE,
    payload: address.id,
    lifetimeMs: FAX_MAIL_LINK_LIFETIME_MS,
    replaces: 'payload',
  });
  const link = `${mailLinkOrigin(readConfig(env), requestUrl)}${CONFIRM_FAX_MAIL_PATH}?token=${encodeURIComponent(token)}`;
  await sendMail(env, confirmFaxMailAddressMail(address.email, user.email, link));
}

/** Adds an address and mails it its link: 409 when the user has it already, or has the most. */
export async function addAddress(env: Env, db: Db, user: UserRow, email: string, requestUrl: string): Promise<FaxMailAddressRow> {
  const outcome = await addFaxMailAddress(db, { id: crypto.randomUUID(), userId: user.id, email, now: Date.now() }, MAX_FAX_MAIL_ADDRESSES);
  if (outcome === 'EXISTS') throw new ApiError(409, 'FAX_MAIL_ADDRESS_EXISTS');
  if (outcome === 'FULL') throw new ApiError(409, 'TOO_MANY_FAX_MAIL_ADDRESSES');
  await mailConfirmationLink(env, db, user, outcome.added, requestUrl);
  return outcome.added;
}

/** A new link for an address not yet confirmed; the earlier one stops working. */
export async function resendLink(env: Env, db: Db, user: UserRow, addressId: string, requestUrl: string): Promise<FaxMailAddressRow> {
  const address = await findFaxMailAddress(db, user.id, addressId);
  if (!address) throw new ApiError(404, 'NOT_FOUND');
  if (address.confirmedAt !== null) throw new ApiError(409, 'FAX_MAIL_ALREADY_CONFIRMED');
  await mailConfirmationLink(env, db, user, address, requestUrl);
  return (await markFaxMailLinkSent(db, address.id, Date.now())) ?? address;
}

export async function removeAddress(db: Db, user: UserRow, addressId: string): Promise<void> {
  if (!(await deleteFaxMailAddress(db, user.id, addressId))) throw new ApiError(404, 'NOT_FOUND');
  await deleteUserEmailTokensFor(db, user.id, PURPOSE, addressId);
}

/**
 * Follows a confirmation link: the address is confirmed and the link used up. 400 for an unknown,
 * used or expired link, or one whose address was removed since.
 */
export async function confirmAddress(db: Db, token: string): Promise<FaxMailAddressRow> {
  const id = await sha256Hex(token);
  const now = Date.now();
  const found = await findValidEmailToken(db, id, PURPOSE, now);
  const address = found?.payload ? await findFaxMailAddressById(db, found.payload) : null;
  if (!found || !address || address.userId !== found.userId) throw new ApiError(400, 'INVALID_FAX_MAIL_LINK');
  if (!(await consumeEmailToken(db, id, PURPOSE, now))) throw new ApiError(400, 'INVALID_FAX_MAIL_LINK');
  const confirmed = await confirmFaxMailAddress(db, address.id, address.email, now);
  if (!confirmed) throw new ApiError(400, 'INVALID_FAX_MAIL_LINK');
  return confirmed;
}
