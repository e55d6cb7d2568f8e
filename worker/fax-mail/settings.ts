import { isPaying } from '../../src/common/billing';
import { type FaxMailSettings, MAX_FAX_MAIL_ADDRESSES } from '../../src/common/fax-mail';
import { getDb } from '../db/client';
import { listFaxMailAddresses } from '../db/queries/fax-mail-addresses';
import type { UserRow } from '../db/schema';
import { readConfig } from '../env';
import { toFaxMailAddressView } from '../views/fax-mail';

/** Settings › Faxes by e-mail as the user sees it (GET /api/faxMailAddresses and the /settings page). */
export async function readFaxMailSettings(env: Env, user: UserRow): Promise<FaxMailSettings> {
  const rows = await listFaxMailAddresses(getDb(env), user.id);
  return {
    addresses: rows.map(toFaxMailAddressView),
    max: MAX_FAX_MAIL_ADDRESSES,
    faxDomain: readConfig(env).FAX_MAIL_DOMAIN ?? null,
    canSendByMail: isPaying(user.subscriptionType),
  };
}
