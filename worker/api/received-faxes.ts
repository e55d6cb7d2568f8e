import { Hono } from 'hono';
import { type FaxCounts, type ReceiveStatus, type SetFaxReadStatusResult, setFaxReadStatusSchema } from '../../src/common/faxes';
import { currentViewer } from '../auth/viewer';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { validate } from '../http/validate';
import { userStore } from '../user-store/stub';

// Received faxes (spec §3 receive document, §4 read status, §7 counts). The inbox list, one fax
// and its document are the shared /api/faxes routes; these are what only received faxes have.
export const receivedFaxesApi = new Hono<AppEnv>()
  .get('/receiveStatus', async (c) => {
    const { user } = currentViewer(c);
    const body: ReceiveStatus = await userStore(c.env, user.id).receiveStatus();
    return c.json(body, 200);
  })

  .get('/faxCounts', async (c) => {
    const { user } = currentViewer(c);
    const body: FaxCounts = (await userStore(c.env, user.id).faxTotals()).counts;
    return c.json(body, 200);
  })

  // Opening a fax marks it read; the user can mark it unread again. Setting what already holds
  // answers the same, so a double click or a second tab is harmless; the user's other tabs are
  // told by the store when it changed.
  .post('/setFaxReadStatus', validate('json', setFaxReadStatusSchema), async (c) => {
    const { user } = currentViewer(c);
    const { faxId, status } = c.req.valid('json');
    const result = await userStore(c.env, user.id).setFaxRead(faxId, status === 'read', Date.now());
    if (result === 'NOT_FOUND') throw new ApiError(404, 'NOT_FOUND');
    if (result === 'NOT_A_RECEIVED_FAX') throw new ApiError(409, 'NOT_A_RECEIVED_FAX');
    const body: SetFaxReadStatusResult = { fax: result.fax, counts: result.totals.counts };
    return c.json(body, 200);
  });
