import { Hono } from 'hono';
import { setFaxReadStatusSchema, type FaxCounts, type ReceiveStatus, type SetFaxReadStatusResult } from '../../src/common/faxes';
import { currentViewer } from '../auth/viewer';
import { getDb } from '../db/client';
import { readFaxCounts } from '../db/queries/fax-counts';
import { findFaxOwnedBy } from '../db/queries/faxes';
import { setReceivedFaxRead } from '../db/queries/received-faxes';
import { toFaxView } from '../views/faxes';
import { publishFaxRow } from '../live/fax-publish';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { validate } from '../http/validate';
import { readReceiveStatus } from '../receive/receive-status';

// Received faxes (spec §3 receive document, §4 read status, §7 counts). The inbox list, one fax
// and its document are the shared /api/faxes routes; these are what only received faxes have.
export const receivedFaxesApi = new Hono<AppEnv>()
  .get('/receiveStatus', async (c) => {
    const { user } = currentViewer(c);
    const body: ReceiveStatus = await readReceiveStatus(getDb(c.env), user);
    return c.json(body, 200);
  })

  .get('/faxCounts', async (c) => {
    const { user } = currentViewer(c);
    const body: FaxCounts = await readFaxCounts(getDb(c.env), user.id);
    return c.json(body, 200);
  })

  // Opening a fax marks it read; the user can mark it unread again. Setting what already holds
  // answers the same, so a double click or a second tab is harmless.
  .post('/setFaxReadStatus', validate('json', setFaxReadStatusSchema), async (c) => {
    const { user } = currentViewer(c);
    const { faxId, status } = c.req.valid('json');
    const db = getDb(c.env);
    const fax = await findFaxOwnedBy(db, user.id, faxId);
    if (!fax) throw new ApiError(404, 'NOT_FOUND');
    if (fax.direction !== 'RECEIVE' || fax.status === 'RECEIVING') throw new ApiError(409, 'NOT_A_RECEIVED_FAX');
    const changed = await setReceivedFaxRead(c.env.DB, user.id, faxId, status === 'read', Date.now());
    const [now, counts] = await Promise.all([findFaxOwnedBy(db, user.id, faxId), readFaxCounts(db, user.id)]);
    if (!now) throw new ApiError(404, 'NOT_FOUND');
    // The user's other tabs update their lists and unread count at once.
    if (changed) await publishFaxRow(c.env, now);
    const body: SetFaxReadStatusResult = { fax: toFaxView(now), counts };
    return c.json(body, 200);
  });
