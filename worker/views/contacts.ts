import type { ContactView } from '../../src/common/contacts';
import { formatPhoneForDisplay } from '../../src/common/phone';
import type { StoreContactRow } from '../db/store/schema';

/** A phonebook row as the API and the pages see it: the keys it is found by stay inside. */
export function toContactView(row: StoreContactRow): ContactView {
  return {
    id: row.id,
    name: row.name,
    faxNumber: row.faxNumber,
    faxDisplay: formatPhoneForDisplay(row.faxNumber),
    company: row.company,
    email: row.email,
    note: row.note,
    created: row.created,
    updated: row.updated,
  };
}
