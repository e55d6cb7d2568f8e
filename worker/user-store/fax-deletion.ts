import { isLegacyFaxId } from '../crypto/fax-id';
import { getDb } from '../db/client';
import { forgetFaxOwners } from '../db/queries/fax-owners';
import { deleteFilesOfUser, fileKeysOfUser } from '../db/queries/files';
import type { UserStore } from '../db/store/open-store';
import type { StoreFaxRow } from '../db/store/schema';
import { deleteTrashedFaxes, unusedFileIds } from '../db/store/trash';
import { deleteObjects } from '../storage/bucket';
import { documentOutlineKey, faxDocumentKey } from '../storage/documents';

// Deleting trashed faxes forever (decision 024): their PDFs in R2, the uploaded documents no other fax
// uses (R2 and D1's files), the D1 owners of faxes made before decision 042, then their rows in the store. The
// bytes go first: if anything fails the rows stay in the trash and the next try finds them again,
// so nothing is left in R2 that no row points to. The billing ledger and invoices stay.

export async function deleteFaxesForever(env: Env, store: UserStore, userId: string, faxes: StoreFaxRow[]): Promise<StoreFaxRow[]> {
  if (faxes.length === 0) return [];
  const db = getDb(env);
  const faxIds = faxes.map((fax) => fax.id);
  // Documents the deleted faxes used that no other fax (history or trash) still uses.
  const fileIds = unusedFileIds(
    store,
    faxes.flatMap((fax) => (fax.fileId ? [fax.fileId] : [])),
    new Set(faxIds),
  );
  const faxPdfs = faxes.flatMap((fax) => [faxDocumentKey(userId, fax.id), ...(fax.documentKey ? [fax.documentKey] : [])]);
  const documents = (await fileKeysOfUser(db, userId, fileIds)).flatMap((key) => [key, documentOutlineKey(key)]);
  await deleteObjects(env, [...new Set([...faxPdfs, ...documents])]);
  await deleteFilesOfUser(db, userId, fileIds);
  const legacy = faxIds.filter(isLegacyFaxId);
  if (legacy.length > 0) await forgetFaxOwners(db, legacy);
  return deleteTrashedFaxes(store, faxIds);
}
