import { Hono } from 'hono';
import { addFaxMailAddressSchema, confirmFaxMailSchema, type FaxMailSettings, faxMailAddressParamSchema } from '../../src/common/fax-mail';
import { currentViewer } from '../auth/viewer';
import { getDb } from '../db/client';
import { findFaxMailAddress } from '../db/queries/fax-mail-addresses';
import { addAddress, confirmAddress, removeAddress, resendLink } from '../fax-mail/addresses';
import { readFaxMailSettings } from '../fax-mail/settings';
import type { AppEnv } from '../http/app-env';
import { enforceRateLimit } from '../http/rate-limit';
import { validate } from '../http/validate';
import { toFaxMailAddressView } from '../views/fax-mail';

// The addresses that get every received fax (settings), each confirmed by a mailed link, and the
// link's landing call; decision 028. Adding and sending a link again are limited per account and
// per address, so nobody can use the product to flood an inbox.
export const faxMailApi = new Hono<AppEnv>()
  .get('/faxMailAddresses', async (c) => {
    const settings: FaxMailSettings = await readFaxMailSettings(c.env, currentViewer(c).user);
    return c.json(settings, 200);
  })

  .post('/faxMailAddresses', validate('json', addFaxMailAddressSchema), async (c) => {
    const { user } = currentViewer(c);
    const { email } = c.req.valid('json');
    await enforceRateLimit(c, 'fax-mail-address-account', user.id);
    await enforceRateLimit(c, 'fax-mail-link-address', email);
    const added = await addAddress(c.env, getDb(c.env), user, email, c.req.url);
    return c.json({ address: toFaxMailAddressView(added) }, 201);
  })

  .post('/faxMailAddresses/:addressId/resend', validate('param', faxMailAddressParamSchema), async (c) => {
    const { user } = currentViewer(c);
    const db = getDb(c.env);
    await enforceRateLimit(c, 'fax-mail-address-account', user.id);
    const { addressId } = c.req.valid('param');
    const address = await findFaxMailAddress(db, user.id, addressId);
    // Counted per address mailed, whichever account asks; someone else's id is a 404 below.
    if (address) await enforceRateLimit(c, 'fax-mail-link-address', address.email);
    const sent = await resendLink(c.env, db, user, addressId, c.req.url);
    return c.json({ address: toFaxMailAddressView(sent) }, 202);
  })

  .delete('/faxMailAddresses/:addressId', validate('param', faxMailAddressParamSchema), async (c) => {
    const { user } = currentViewer(c);
    await removeAddress(getDb(c.env), user, c.req.valid('param').addressId);
    return c.json({ removed: true }, 200);
  })

  // From the link in the mail: no session, the token is the proof (whoever reads that mailbox).
  .post('/confirmFaxMailAddress', validate('json', confirmFaxMailSchema), async (c) => {
    const confirmed = await confirmAddress(getDb(c.env), c.req.valid('json').token);
    return c.json({ email: confirmed.email }, 200);
  });
