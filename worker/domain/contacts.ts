import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { ContactView } from '../../src/common/contacts';

// The phonebook's rules with no I/O: how a contact is found by what a person types, and the
// opaque cursor of a page (decision 026).

/** Lower case without accents, so "jose" finds "José" and "ACME" finds "Acme". */
export function foldText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/**
 * The digits a person may type to find a number: the E.164 digits (+1 212 555 0123 → 12125550123,
 * which "212 555" also hits) and the national form's (UK 020 7946 0958 → 02079460958).
 */
export function numberDigits(e164: string): string[] {
  const digits = [e164.replace(/\D/g, '')];
  const national = parsePhoneNumberFromString(e164)?.formatNational().replace(/\D/g, '');
  if (national && !digits[0]!.includes(national)) digits.push(national);
  return digits;
}

/** What a contact is found by: its name, company and number, folded, one per line. */
export function contactSearchText(contact: { name: string; company: string; faxNumber: string }): string {
  return [foldText(contact.name), foldText(contact.company), ...numberDigits(contact.faxNumber)].join('\n');
}

/** The key the phonebook is ordered by: the folded name (ties broken by id). */
export function contactSortKey(name: string): string {
  return foldText(name);
}

// Characters people put around the digits of a phone number.
const PHONE_TYPED = /^[\d\s()+.\-/]+$/;

/**
 * The terms a search is made of; a contact matches when its search text holds every one. A query
 * that looks like a phone number, however punctuated, is one term of its digits ("(212) 555-01"
 * → "21255501"); anything else is its words, folded.
 */
export function searchTerms(query: string): string[] {
  const trimmed = query.trim();
  if (trimmed === '') return [];
  if (PHONE_TYPED.test(trimmed) && /\d/.test(trimmed)) return [trimmed.replace(/\D/g, '')];
  return foldText(trimmed)
    .split(/\s+/)
    .filter((word) => word !== '');
}

/** Where a page of the phonebook ends: the keyset of the next. */
export interface ContactPosition {
  sortKey: string;
  id: string;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

export function encodeContactCursor(position: ContactPosition): string {
  return toBase64Url(new TextEncoder().encode(JSON.stringify([position.sortKey, position.id])));
}

/** The position a cursor names, or null for anything that is not one of ours. */
export function decodeContactCursor(cursor: string): ContactPosition | null {
  try {
    const binary = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
    const parsed: unknown = JSON.parse(
      new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))),
    );
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [sortKey, id] = parsed as unknown[];
    if (typeof sortKey !== 'string' || typeof id !== 'string' || sortKey.length > 400 || !/^[\w-]{1,64}$/.test(id)) return null;
    return { sortKey, id };
  } catch {
    return null;
  }
}

/** A page of the phonebook as the user's store answers it; the route turns `next` into the opaque cursor. */
export interface ContactPage {
  contacts: ContactView[];
  next: ContactPosition | null;
  total: number;
}

/** What adding or editing a contact came to. */
export type ContactChange =
  | { ok: true; contact: ContactView }
  | { ok: false; code: 'CONTACT_EXISTS'; existing: ContactView }
  | { ok: false; code: 'NOT_FOUND' | 'TOO_MANY_CONTACTS' };
