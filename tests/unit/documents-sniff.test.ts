import { describe, expect, it } from 'vitest';
import { sniffDocumentKind } from '../../worker/documents/sniff';

const ascii = (text: string): number[] => [...new TextEncoder().encode(text)];

describe('sniffDocumentKind', () => {
  it.each([
    ['a PDF', ascii('%PDF-1.7\n%âãÏÓ\n'), 'pdf'],
    ['a PDF after a little junk', [...new Array<number>(300).fill(0x20), ...ascii('%PDF-1.4\n')], 'pdf'],
    ['a PNG', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'png'],
    ['a JPEG (JFIF)', [0xff, 0xd8, 0xff, 0xe0, 0, 16], 'jpeg'],
    ['a JPEG (Exif)', [0xff, 0xd8, 0xff, 0xe1, 0, 16], 'jpeg'],
    ['a little-endian TIFF', [0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0], 'tiff'],
    ['a big-endian TIFF', [0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8], 'tiff'],
    ['a ZIP (docx)', [0x50, 0x4b, 0x03, 0x04, 20, 0], null],
    ['a GIF', ascii('GIF89a'), null],
    ['plain text', ascii('Dear Sir,\nplease find attached'), null],
    ['a PDF header after 1024 bytes', [...new Array<number>(1100).fill(0x20), ...ascii('%PDF-1.4\n')], null],
    ['%PDF without the dash', ascii('%PDF1.4'), null],
    ['nothing', [], null],
    ['a truncated PNG signature', [0x89, 0x50, 0x4e, 0x47], null],
  ])('%s → %s', (_label, bytes, kind) => {
    expect(sniffDocumentKind(new Uint8Array(bytes))).toBe(kind);
  });
});
