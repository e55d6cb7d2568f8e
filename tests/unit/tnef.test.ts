import { describe, expect, it } from 'vitest';
import { isTnef, readTnefFiles } from '../../worker/domain/tnef';

// Outlook's winmail.dat: the files a sender attached are read out of it. Real TNEF files
// from other programs run through the corpus (tests/integration/real-world-corpus.test.ts); these
// build the format's pieces by hand.

const encoder = new TextEncoder();

function u16(value: number): number[] {
  return [value & 0xff, (value >> 8) & 0xff];
}
function u32(value: number): number[] {
  return [...u16(value & 0xffff), ...u16(value >>> 16)];
}
function attribute(level: number, tag: number, data: Uint8Array): number[] {
  const sum = data.reduce((total, byte) => (total + byte) & 0xffff, 0);
  return [level, ...u32(tag), ...u32(data.byteLength), ...data, ...u16(sum)];
}
/** MAPI properties: PR_ATTACH_LONG_FILENAME (PT_STRING8) and PR_ATTACHMENT_HIDDEN (PT_BOOLEAN). */
function properties(longName: string, hidden: boolean): Uint8Array {
  const name = encoder.encode(`${longName}\0`);
  const padded = [...name, ...new Array(((name.length + 3) & ~3) - name.length).fill(0)];
  return new Uint8Array([
    ...u32(2),
    ...u16(0x1e),
    ...u16(0x3707),
    ...u32(1),
    ...u32(name.length),
    ...padded,
    ...u16(0x0b),
    ...u16(0x7ffe),
    ...u32(hidden ? 1 : 0),
  ]);
}
function tnef(...attributes: number[][]): Uint8Array {
  return new Uint8Array([...u32(0x223e9f78), ...u16(0x0001), ...attributes.flat()]);
}

describe('readTnefFiles', () => {
  const pdf = encoder.encode('%PDF-1.4 pretend');
  const logo = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
  const file = tnef(
    attribute(1, 0x00078008, encoder.encode('IPM.Microsoft Mail.Note\0')),
    attribute(2, 0x00069002, new Uint8Array(14)),
    attribute(2, 0x00018010, encoder.encode('CONTRA~1.PDF\0')),
    attribute(2, 0x0006800f, pdf),
    attribute(2, 0x00069005, properties('Contract 2026.pdf', false)),
    attribute(2, 0x00069002, new Uint8Array(14)),
    attribute(2, 0x00018010, encoder.encode('image001.png\0')),
    attribute(2, 0x0006800f, logo),
    attribute(2, 0x00069005, properties('image001.png', true)),
  );

  it('answers each attached file with its long name, and says which the HTML shows inline', () => {
    expect(isTnef(file)).toBe(true);
    expect(readTnefFiles(file)).toEqual([
      { filename: 'Contract 2026.pdf', content: pdf, inline: false },
      { filename: 'image001.png', content: logo, inline: true },
    ]);
  });

  it('keeps what it read before a cut or a broken attribute, and reads nothing from what is no TNEF', () => {
    expect(readTnefFiles(file.subarray(0, file.byteLength - 60)).map((f) => f.filename)).toEqual(['Contract 2026.pdf']);
    expect(readTnefFiles(encoder.encode('%PDF-1.4'))).toEqual([]);
    expect(isTnef(encoder.encode('%PDF-1.4'))).toBe(false);
  });
});
