import {
  type ContactFields,
  type ContactFileFormat,
  type ContactImportReport,
  type ContactView,
  MAX_CONTACTS,
} from '../../src/common/contacts';
import * as contactStore from '../db/store/contacts';
import { type CheckedRow, planContactImport } from '../domain/contact-import';
import type { ContactChange, ContactPage, ContactPosition } from '../domain/contacts';
import { toContactView } from '../views/contacts';
import type { StoreRoom } from './room';

// The user's phonebook (decision 026): one contact per fax number, at most MAX_CONTACTS. Every
// change tells the user's open pages with `contacts.updated`.

export const contactMethods = {
  /** One page of the phonebook in name order matching every search term, the next page's keyset, and the matches' total. */
  async listContacts(this: StoreRoom, userId: string, terms: string[], after: ContactPosition | null, limit: number): Promise<ContactPage> {
    await this.ready(userId);
    const rows = contactStore.listStoreContacts(this.store, terms, after, limit + 1);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      contacts: page.map(toContactView),
      next: rows.length > limit && last ? { sortKey: last.sortKey, id: last.id } : null,
      total: contactStore.countStoreContacts(this.store, terms),
    };
  },

  async contact(this: StoreRoom, userId: string, contactId: string): Promise<ContactView | null> {
    await this.ready(userId);
    const row = contactStore.findStoreContact(this.store, contactId);
    return row ? toContactView(row) : null;
  },

  /** The contact with this fax number (E.164), if the phonebook has one. */
  async contactWithNumber(this: StoreRoom, userId: string, faxNumber: string): Promise<ContactView | null> {
    await this.ready(userId);
    const row = contactStore.findStoreContactByNumber(this.store, faxNumber);
    return row ? toContactView(row) : null;
  },

  async addContact(this: StoreRoom, userId: string, fields: ContactFields, now: number): Promise<ContactChange> {
    await this.ready(userId);
    const existing = contactStore.findStoreContactByNumber(this.store, fields.faxNumber);
    if (existing) return { ok: false, code: 'CONTACT_EXISTS', existing: toContactView(existing) };
    if (contactStore.countStoreContacts(this.store) >= MAX_CONTACTS) return { ok: false, code: 'TOO_MANY_CONTACTS' };
    const row = contactStore.insertStoreContact(this.store, crypto.randomUUID(), fields, now);
    await pushContacts(this);
    return { ok: true, contact: toContactView(row) };
  },

  async editContact(this: StoreRoom, userId: string, contactId: string, fields: ContactFields, now: number): Promise<ContactChange> {
    await this.ready(userId);
    if (!contactStore.findStoreContact(this.store, contactId)) return { ok: false, code: 'NOT_FOUND' };
    const existing = contactStore.findStoreContactByNumber(this.store, fields.faxNumber);
    if (existing && existing.id !== contactId) return { ok: false, code: 'CONTACT_EXISTS', existing: toContactView(existing) };
    const row = contactStore.updateStoreContact(this.store, contactId, fields, now);
    if (!row) return { ok: false, code: 'NOT_FOUND' };
    await pushContacts(this);
    return { ok: true, contact: toContactView(row) };
  },

  /** Deletes all of these contacts, or none when one is not in the phonebook (answers false). */
  async deleteContacts(this: StoreRoom, userId: string, contactIds: string[]): Promise<boolean> {
    await this.ready(userId);
    const deleted = contactStore.deleteStoreContacts(this.store, contactIds);
    if (deleted) await pushContacts(this);
    return deleted;
  },

  /** What importing these checked rows would do now: the rows kept, and each refused row with why. */
  async previewContactImport(this: StoreRoom, userId: string, format: ContactFileFormat, rows: CheckedRow[]): Promise<ContactImportReport> {
    await this.ready(userId);
    return planImport(this, format, rows);
  },

  /** Imports the good rows of the plan made against the phonebook as it is now, in one transaction. */
  async importContacts(
    this: StoreRoom,
    userId: string,
    format: ContactFileFormat,
    rows: CheckedRow[],
    now: number,
  ): Promise<ContactImportReport> {
    await this.ready(userId);
    const report = planImport(this, format, rows);
    const good = report.rows.flatMap((row) => (row.ok ? [row.contact] : []));
    contactStore.insertStoreContacts(this.store, good, now);
    if (report.good > 0) await pushContacts(this);
    return { ...report, imported: report.good };
  },

  /** The whole phonebook in name order (export). */
  async exportContacts(this: StoreRoom, userId: string): Promise<ContactView[]> {
    await this.ready(userId);
    return contactStore.listAllStoreContacts(this.store).map(toContactView);
  },
};

export type ContactMethods = typeof contactMethods;

async function pushContacts(room: StoreRoom): Promise<void> {
  await room.publish({ type: 'contacts.updated', at: Date.now() });
}

/** What importing these checked rows does with the phonebook as it is now. */
function planImport(room: StoreRoom, format: ContactFileFormat, rows: CheckedRow[]): ContactImportReport {
  const space = MAX_CONTACTS - contactStore.countStoreContacts(room.store);
  return planContactImport(format, rows, contactStore.contactNumbers(room.store), space);
}
