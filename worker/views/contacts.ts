import type { ContactListPage, ContactView } from '../../src/common/contacts';
import { formatPhoneForDisplay } from '../../src/common/phone';
import type { StoreContactRow } from '../db/store/schema';
import { type ContactPage, encodeContactCursor } from '../domain/contacts';

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

/** A page of the phonebook as the API answers it and the page renders it: its position becomes the opaque cursor. */
export function toContactListPage(page: ContactPage): ContactListPage {
  return { contacts: page.contacts, nextCursor: page.next ? encodeContactCursor(page.next) : null, total: page.total };
}
