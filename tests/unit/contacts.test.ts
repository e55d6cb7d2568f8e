import { describe, expect, it } from 'vitest';
import { contactSearchText, decodeContactCursor, encodeContactCursor, foldText, searchTerms } from '../../worker/domain/contacts';

// How a contact is found by what a person types (decision 026): names without regard to case or
// accents, numbers however they are punctuated, each word of a query narrowing the matches.

/** True when the contact's search text holds every term, as the store's query asks. */
function finds(query: string, contact: { name: string; company: string; faxNumber: string }): boolean {
  const text = contactSearchText(contact);
  return searchTerms(query).every((term) => text.includes(term));
}

const ada = { name: 'Ada Lovelace', company: 'Analytical Engines Ltd', faxNumber: '+12125550123' };
const jose = { name: 'José Núñez', company: '', faxNumber: '+442079460958' };

describe('finding a contact', () => {
  it.each([
    ['ada', ada],
    ['LOVELACE', ada],
    ['ada engines', ada],
    ['analytical', ada],
    ['2125550123', ada],
    ['(212) 555-0123', ada],
    ['212-555', ada],
    ['+1 212 555 0123', ada],
    ['1 (212) 555.01', ada],
    ['jose', jose],
    ['NUNEZ', jose],
    ['+44 20 7946 0958', jose],
    ['020 7946 0958', jose],
    ['7946', jose],
  ])('%j finds %o', (query, contact) => {
    expect(finds(query, contact)).toBe(true);
  });

  it.each([
    ['ada babbage', ada],
    ['213', ada],
    ['(212) 555-0124', ada],
    ['maria', jose],
    ['020 7946 0959', jose],
  ])('%j does not find %o', (query, contact) => {
    expect(finds(query, contact)).toBe(false);
  });

  it('has no terms for an empty search, so it lists everyone', () => {
    expect(searchTerms('   ')).toEqual([]);
  });

  it('folds case and accents alike for names and queries', () => {
    expect(foldText('Ærø ÉCOLE Ça')).toBe(foldText('ærø école ça'));
    expect(foldText('Crème Brûlée')).toBe('creme brulee');
  });
});

describe('the phonebook cursor', () => {
  it('names the same position it was made from, whatever the name holds', () => {
    for (const position of [
      { sortKey: 'ada lovelace', id: crypto.randomUUID() },
      { sortKey: 'josé "the" núñez, 名前', id: crypto.randomUUID() },
      { sortKey: '', id: crypto.randomUUID() },
    ]) {
      expect(decodeContactCursor(encodeContactCursor(position))).toEqual(position);
    }
  });

  it.each([['not-a-cursor'], ['%%%'], [btoa('["a"]')], [btoa('["a", "../../x"]')], [btoa('{"a":1}')], [btoa('\xff\xfe')]])(
    'refuses %j',
    (cursor) => {
      expect(decodeContactCursor(cursor)).toBeNull();
    },
  );
});
