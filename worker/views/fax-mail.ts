import type { FaxMailAddressView } from '../../src/common/fax-mail';
import type { FaxMailAddressRow } from '../db/schema';

export function toFaxMailAddressView(row: FaxMailAddressRow): FaxMailAddressView {
  return {
    id: row.id,
    email: row.email,
    confirmed: row.confirmedAt !== null,
    createdAt: row.createdAt,
    confirmedAt: row.confirmedAt,
    linkSentAt: row.linkSentAt,
  };
}
