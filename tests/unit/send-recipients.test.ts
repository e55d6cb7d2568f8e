import { describe, expect, it } from 'vitest';
import * as parser from '../../src/common/phone';
import {
  addRecipients,
  type RecipientEntry,
  readRecipient,
  splitRecipientText,
  whyNotANumber,
} from '../../src/components/send/recipient-list';

// The To field of /send: what typed and pasted text becomes, how a chip reads, repeats
// merged, and the limit, with what does not fit kept for the field.

const typed = (number: string): RecipientEntry => ({ number, contact: null });
const contact = (name: string, e164: string, faxDisplay: string): RecipientEntry => ({
  number: e164,
  contact: { id: `id-${name}`, name, company: '', faxDisplay },
});

describe('splitRecipientText', () => {
  it.each([
    ['one number with spaces', '212 555 0123', ['212 555 0123']],
    [
      'commas, semicolons, lines and tabs',
      '212.555.0123, (312) 555-0190;+1 646 555 0188\n415-555-0100\t2125550001',
      ['212.555.0123', '(312) 555-0190', '+1 646 555 0188', '415-555-0100', '2125550001'],
    ],
    ['numbers only spaces apart', '2125550123 3125550190', ['2125550123', '3125550190']],
    ['an international number kept whole', '+44 20 7946 0958', ['+44 20 7946 0958']],
    ['blank entries dropped', ' ,\n\n, 2125550123 ,', ['2125550123']],
    ['words kept as typed', 'Ada Lovelace', ['Ada Lovelace']],
  ])('%s', (_, text, entries) => expect(splitRecipientText(text, parser)).toEqual(entries));

  it('splits on separators alone before the phone library is here', () => {
    expect(splitRecipientText('2125550123 3125550190, 415 555 0100', null)).toEqual(['2125550123 3125550190', '415 555 0100']);
  });
});

describe('readRecipient', () => {
  it('reads a typed number the way it is dialled', () => {
    expect(readRecipient(typed('212.555.0123'), parser)).toMatchObject({ state: 'ok', e164: '+12125550123', display: '(212) 555-0123' });
  });

  it('is being checked until the phone library is here, except a contact, read when it was saved', () => {
    expect(readRecipient(typed('2125550123'), null).state).toBe('checking');
    expect(readRecipient(contact('Ada', '+12125550123', '(212) 555-0123'), null)).toMatchObject({ state: 'ok', display: '(212) 555-0123' });
  });

  it.each([
    ['212 555 01', 'incomplete'],
    ['Ada', 'notANumber'],
    ['999 999 9999', 'invalid'],
  ])('says why %j is no number to dial: %s', (text, reason) => {
    expect(readRecipient(typed(text), parser)).toMatchObject({ state: 'invalid', reason });
    expect(whyNotANumber(text)).toBe(reason);
  });
});

describe('addRecipients', () => {
  it('merges repeats however they are typed, and counts them', () => {
    const result = addRecipients([typed('(212) 555-0123')], ['212.555.0123', '+1 212 555 0123', '3125550190'].map(typed), parser, 50);
    expect(result.recipients.map((r) => r.number)).toEqual(['(212) 555-0123', '3125550190']);
    expect(result).toMatchObject({ added: 1, merged: 2, leftOver: [] });
  });

  it('puts a contact in the place of the same number typed, as it knows the name', () => {
    const ada = contact('Ada', '+12125550123', '(212) 555-0123');
    const result = addRecipients([typed('2125550123'), typed('3125550190')], [ada], parser, 50);
    expect(result.recipients).toEqual([ada, typed('3125550190')]);
    expect(result).toMatchObject({ added: 0, merged: 0 });
    expect(addRecipients([ada], [ada], parser, 50).merged).toBe(1);
  });

  it('takes no more than the limit and gives back the rest as typed', () => {
    const numbers = Array.from({ length: 5 }, (_, i) => typed(`312555019${i}`));
    const result = addRecipients(numbers.slice(0, 2), numbers.slice(2), parser, 3);
    expect(result.recipients).toHaveLength(3);
    expect(result).toMatchObject({ added: 1, leftOver: ['3125550193', '3125550194'] });
  });

  it('keeps what it cannot read, to be corrected', () => {
    expect(addRecipients([], [typed('212 555 01'), typed('Ada')], parser, 50).recipients).toHaveLength(2);
  });
});
