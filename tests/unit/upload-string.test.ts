import { describe, expect, it } from 'vitest';
import { decodeUploadString, fileFromDecoded, looksLikeDataUrl } from '../../src/lib/upload/upload-string';

// Uploads from a string (spec §5): standard base64 only, and data URLs of the form
// data:[type][;base64],data; anything else is storage/invalid-format with the reason.

const text = (decoded: ReturnType<typeof decodeUploadString>) =>
  'bytes' in decoded ? new TextDecoder().decode(decoded.bytes) : decoded.code;

describe('decodeUploadString', () => {
  it.each([
    ['plain base64', 'SGVsbG8=', 'base64', 'Hello'],
    ['base64 with line breaks', 'SGVs\nbG8=', 'base64', 'Hello'],
    ['empty base64', '', 'base64', ''],
    ['url-safe "-" refused', 'ab-c', 'base64', 'storage/invalid-format'],
    ['url-safe "_" refused', 'ab_c', 'base64', 'storage/invalid-format'],
    ['not base64 at all', 'not base64!', 'base64', 'storage/invalid-format'],
    ['a base64 data URL', 'data:application/pdf;base64,JVBERi0=', 'data_url', '%PDF-'],
    ['a data URL with parameters', 'data:text/plain;charset=utf-8;base64,SGk=', 'data_url', 'Hi'],
    ['a data URL with no type', 'data:;base64,SGk=', 'data_url', 'Hi'],
    ['a percent-encoded data URL', 'data:text/plain,Hello%20there', 'data_url', 'Hello there'],
    ['a data URL with url-safe base64', 'data:image/png;base64,ab_c', 'data_url', 'storage/invalid-format'],
    ['no comma', 'data:image/png;base64', 'data_url', 'storage/invalid-format'],
    ['another scheme', 'https://example.com/a.pdf', 'data_url', 'storage/invalid-format'],
    ['broken percent-encoding', 'data:text/plain,%E0%A4%A', 'data_url', 'storage/invalid-format'],
  ] as const)('%s', (_label, value, format, expected) => {
    expect(text(decodeUploadString(value, format))).toBe(expected);
  });

  it('reads the type a data URL names', () => {
    const decoded = decodeUploadString('data:IMAGE/PNG;base64,iVBORw0KGgo=', 'data_url');
    expect('bytes' in decoded && decoded.contentType).toBe('image/png');
  });

  it('says why it refused, in the storage error catalogue', () => {
    const refused = decodeUploadString('ab-c', 'base64');
    expect(refused).toMatchObject({ code: 'storage/invalid-format', message: expect.stringMatching(/url-safe/) });
  });
});

describe('fileFromDecoded', () => {
  it('names the file after its type, so the send page checks it like a picked file', () => {
    const decoded = decodeUploadString('data:application/pdf;base64,JVBERi0=', 'data_url');
    if (!('bytes' in decoded)) throw new Error('expected bytes');
    const file = fileFromDecoded(decoded);
    expect([file.name, file.type, file.size]).toEqual(['pasted-document.pdf', 'application/pdf', 5]);
  });
});

describe('looksLikeDataUrl', () => {
  it.each([
    ['data:image/png;base64,AAAA', true],
    ['  DATA:application/pdf,x', true],
    ['hello', false],
  ])('%s → %s', (value, expected) => {
    expect(looksLikeDataUrl(value)).toBe(expected);
  });
});
