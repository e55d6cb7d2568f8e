import type { PageData } from '../../src/common/page-data';
import { broadcastIdParamSchema } from '../../src/common/send-many';
import { userStore } from '../user-store/stub';
import type { PageInput } from './page-input';

/** /broadcast/{broadcastId}: every recipient's fax, as GET /api/broadcasts/{broadcastId} answers it; null where it answers 404. */
export async function loadBroadcast({ env, user }: PageInput, broadcastId: string): Promise<PageData | null> {
  if (!user) return null;
  const id = broadcastIdParamSchema.safeParse({ broadcastId });
  if (!id.success) return { page: 'broadcast', broadcast: null };
  const faxes = await userStore(env, user.id).broadcastFaxes(id.data.broadcastId);
  return { page: 'broadcast', broadcast: faxes.length > 0 ? { broadcastId: id.data.broadcastId, faxes } : null };
}
