import { publishToUser } from './publish';
import { publishFaxUpdate } from './fax-publish';

/**
 * Tells the owner's open pages that a fax moved, and that their credits changed after a refund.
 * D1 already holds the change, and pages re-read state on reconnect, so a failed push is logged
 * and never undoes or repeats the change.
 */
export async function announceFaxChange(env: Env, userId: string, faxId: string, creditsChanged: boolean): Promise<void> {
  try {
    await publishFaxUpdate(env, faxId);
    if (creditsChanged) await publishToUser(env, userId, { type: 'account.updated', at: Date.now() });
  } catch (err) {
    console.warn('Could not push the fax change live', faxId, err);
  }
}
