import type { CarrierName } from '../carrier/types';

/**
 * The id of the RECEIVE fax a carrier's call makes: a UUID (version 8, RFC 9562) derived from the
 * carrier and its id for the call. Every event of the call, in any order and however often it is
 * delivered, names the same fax, so creating it is a plain INSERT OR IGNORE.
 */
export async function inboundFaxId(provider: CarrierName, carrierFaxId: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${provider}:${carrierFaxId}`)));
  const bytes = digest.slice(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80; // version 8
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 9562 variant
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
