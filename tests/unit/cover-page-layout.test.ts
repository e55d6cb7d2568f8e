import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { isWinAnsi, toWinAnsi } from '../../worker/documents/pdf-text';
import {
  formatCoverDate,
  formatPageCount,
  layoutText,
  linesThatFit,
  truncateLines,
  withEllipsis,
  wrapText,
} from '../../worker/domain/cover-page-layout';

// One unit of width per character keeps the expected lines readable.
const chars = (text: string): number => Array.from(text).length;

const when = (hours: number, minutes: number, month = 11, date = 22, year = 2026) => ({
  hours,
  minutes,
  month,
  date,
  year,
  iso: '2026-11-22T09:05:00-05:00',
});

describe('formatCoverDate', () => {
  it.each([
    [when(9, 5), 'November 22, 2026, 9:05 AM'],
    [when(0, 0), 'November 22, 2026, 12:00 AM'],
    [when(0, 59), 'November 22, 2026, 12:59 AM'],
    [when(12, 0), 'November 22, 2026, 12:00 PM'],
    [when(13, 30), 'November 22, 2026, 1:30 PM'],
    [when(23, 59), 'November 22, 2026, 11:59 PM'],
    [when(11, 9, 1, 1, 2027), 'January 1, 2027, 11:09 AM'],
    [when(18, 45, 12, 31, 2026), 'December 31, 2026, 6:45 PM'],
  ])('%j → %s', (options, expected) => {
    expect(formatCoverDate(options)).toBe(expected);
  });

  it('uses the numbers the sender sent, not the instant in iso or the server clock', () => {
    const options = { ...when(23, 30, 12, 31, 2026), iso: '2027-01-01T04:30:00Z' };
    expect(formatCoverDate(options)).toBe('December 31, 2026, 11:30 PM');
  });
});

describe('formatPageCount', () => {
  it.each([
    [1, '1 page including this cover'],
    [2, '2 pages including this cover'],
    [51, '51 pages including this cover'],
  ])('%i → %s', (total, expected) => {
    expect(formatPageCount(total)).toBe(expected);
  });
});

describe('wrapText', () => {
  it.each([
    ['fits on one line', 'hello world', 11, ['hello world']],
    ['breaks between words', 'hello world', 10, ['hello', 'world']],
    ['fills each line', 'a bb ccc dd e', 6, ['a bb', 'ccc dd', 'e']],
    ['keeps explicit line breaks', 'one\ntwo', 20, ['one', 'two']],
    ['reads CRLF and CR as line breaks', 'one\r\ntwo\rthree', 20, ['one', 'two', 'three']],
    ['keeps blank lines', 'Hi,\n\nBye', 20, ['Hi,', '', 'Bye']],
    ['breaks a word longer than the line', 'abcdefghij', 4, ['abcd', 'efgh', 'ij']],
    ['breaks a long word after a short one', 'hi abcdefghij', 4, ['hi', 'abcd', 'efgh', 'ij']],
    ['collapses runs of spaces', 'one    two', 20, ['one two']],
    ['drops leading and trailing spaces', '  one  ', 20, ['one']],
    ['keeps words joined by a no-break space', 'a\u00a0b c', 3, ['a\u00a0b', 'c']],
    ['answers one empty line for empty text', '', 10, ['']],
  ])('%s', (_name, text, width, expected) => {
    expect(wrapText(text, width, chars)).toEqual(expected);
  });

  it('never makes a line wider than the box', () => {
    const text = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(20) + 'x'.repeat(90);
    for (const width of [5, 13, 40, 77]) {
      const lines = wrapText(text, width, chars);
      expect(lines.every((line) => chars(line) <= width)).toBe(true);
      expect(lines.join(' ').replace(/\s+/g, '')).toBe(text.replace(/\s+/g, ''));
    }
  });
});

describe('truncation', () => {
  it.each([
    ['keeps lines that fit', ['a', 'b'], 2, 10, ['a', 'b']],
    ['cuts and marks the last line kept', ['one', 'two', 'three'], 2, 10, ['one', 'two…']],
    ['shortens the last line so "…" fits', ['abcd', 'efgh', 'ij'], 2, 4, ['abcd', 'efg…']],
    ['marks a blank last line', ['one', '', 'three'], 2, 10, ['one', '…']],
    ['shows nothing with no room', ['one', 'two'], 0, 10, []],
  ])('%s', (_name, lines, maxLines, width, expected) => {
    expect(truncateLines(lines, maxLines, width, chars)).toEqual(expected);
  });

  it.each([
    ['hello world', 20, 'hello world…'],
    ['hello world', 6, 'hello…'],
    ['hello world', 3, 'he…'],
    ['', 5, '…'],
  ])('withEllipsis(%j, %i) → %j', (line, width, expected) => {
    expect(withEllipsis(line, width, chars)).toBe(expected);
  });

  it('lays out a 60-line message in the lines there are room for', () => {
    const message = Array.from({ length: 60 }, (_, i) => `Line ${i + 1}`).join('\n');
    const lines = layoutText(message, { maxWidth: 40, maxLines: 25, measure: chars });
    expect(lines).toHaveLength(25);
    expect(lines[24]).toBe('Line 25…');
  });

  it.each([
    [700, 54, 15, 43],
    [100, 54, 15, 3],
    [54, 54, 15, 0],
    [40, 54, 15, 0],
  ])('linesThatFit(%i, %i, %i) = %i', (top, bottom, lineHeight, expected) => {
    expect(linesThatFit(top, bottom, lineHeight)).toBe(expected);
  });
});

describe('toWinAnsi', () => {
  it.each([
    ['plain text', 'Dana Whitfield & Co.', 'Dana Whitfield & Co.'],
    ['Latin-1 accents', 'Café Müller, Ñandú', 'Café Müller, Ñandú'],
    ['Windows-1252 punctuation', '“Quotes” – dash — …€™', '“Quotes” – dash — …€™'],
    ['a decomposed accent, composed', 'Cafe\u0301', 'Café'],
    ['an accent with no composed form, dropped', 'q\u0301', 'q'],
    ['emoji', 'Hi 😀!', 'Hi ?!'],
    ['an emoji with a variation selector', '❤️', '?'],
    ['a family emoji joined by ZWJ', '👨‍👩‍👧', '???'],
    ['CJK', '李小龙', '???'],
    ['Arabic', 'مرحبا', '?????'],
    ['ligatures, spread out', 'ﬁne ﬂow', 'fine flow'],
    ['full-width letters', 'ＦＡＸ', 'FAX'],
    ['odd spaces', 'a\u2003b\u3000c', 'a b c'],
    ['hyphen lookalikes', 'non\u2011breaking \u2212 minus', 'non-breaking - minus'],
    ['zero-width characters, removed', 'a\u200bb\ufeffc', 'abc'],
    ['tabs, as spaces', 'a\tb', 'a b'],
    ['line breaks, as \\n', 'a\r\nb\rc\nd', 'a\nb\nc\nd'],
    ['control characters, removed', 'a\u0007b\u009fc', 'abc'],
  ])('%s', (_name, input, expected) => {
    expect(toWinAnsi(input)).toBe(expected);
  });

  it('leaves nothing Helvetica cannot encode, and agrees with pdf-lib on what it can', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const canEncode = (text: string): boolean => {
      try {
        font.encodeText(text);
        return true;
      } catch {
        return false;
      }
    };
    const all: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCodePoint(code);
      all.push(char);
      if (code <= 0x3000 && char !== '\n') expect(isWinAnsi(char), `U+${code.toString(16)}`).toBe(canEncode(char));
    }
    all.push('😀', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢');
    const cleaned = toWinAnsi(all.join(''));
    expect(() => font.encodeText(cleaned.replaceAll('\n', ''))).not.toThrow();
  });
});
