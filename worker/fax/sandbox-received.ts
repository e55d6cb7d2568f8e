import type { FaxView } from '../../src/common/faxes';
import { newFaxId } from '../crypto/fax-id';
import { getDb } from '../db/client';
import { findNumberOwnedBy } from '../db/queries/numbers';
import type { UserRow } from '../db/schema';
import { sandboxFaxPdf } from '../documents/sandbox-fax';
import { readConfig } from '../env';
import { deleteObjects, writePdf } from '../storage/bucket';
import { faxDocumentKey } from '../storage/documents';
import { userStore } from '../user-store/stub';
import { sandboxLimitReached } from './accept-send';

// A test fax received on demand in the sandbox (decision 048, POST /v1/sandbox/received_faxes): the
// network hands over a whole fax, as the loopback network's receiving side does at its end, so the
// account's software sees `fax.received` (livemode false) and can fetch the PDF like a real one's.

export async function receiveSandboxFax(env: Env, user: UserRow, from: string, pages: number): Promise<FaxView> {
  const now = Date.now();
  const id = await newFaxId(readConfig(env).FAX_ID_SECRET, user.id);
  const key = faxDocumentKey(user.id, id);
  const [own] = await Promise.all([
    findNumberOwnedBy(getDb(env), user.id),
    writePdf(env, key, await sandboxFaxPdf(pages, from, new Date(now))),
  ]);
  const fax = { id, from, to: own?.number ?? null, pageCount: pages, documentKey: key, now };
  const received = await userStore(env, user.id).receiveSandboxFax(fax);
  if (received === 'LIMIT') {
    await deleteObjects(env, key);
    throw sandboxLimitReached(now);
  }
  return received;
}
