import type { CarrierName } from '../carrier/types';
import { newFaxId } from '../crypto/fax-id';

/**
 * The id of the RECEIVE fax a carrier's call makes: a fax id of the number's owner (decision 042)
 * whose random part is derived from the carrier and its id for the call. Every event of the call,
 * in any order and however often it is delivered, names the same fax, so creating it is a plain
 * INSERT OR IGNORE in the owner's store.
 */
export async function inboundFaxId(secret: string, provider: CarrierName, carrierFaxId: string, userId: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${provider}:${carrierFaxId}`)));
  return newFaxId(secret, userId, digest.slice(0, 12));
}
