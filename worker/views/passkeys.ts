import type { PasskeyView } from '../../src/common/passkey-rules';
import type { PasskeyRow } from '../db/schema';

/** A passkey as Settings › Security lists it: never its key or counter. */
export function toPasskeyView(row: PasskeyRow): PasskeyView {
  return { id: row.id, name: row.name, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt, device: row.device, synced: row.synced };
}
