import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_DOCUMENT_BYTES } from '../../src/common/faxes';
import { checkFaxableFile } from '../../src/components/send/send-rules';

// What the send page refuses before uploading. It only turns away files that are clearly not
// faxable; the server sniffs the bytes of everything else.

const SMALL = 120 * 1024;

describe('checkFaxableFile', () => {
  it.each([
    ['letter.pdf', 'application/pdf'],
    ['scan.png', 'image/png'],
    ['photo.jpg', 'image/jpeg'],
    ['any-name', 'application/pdf'],
    ['letter.pdf', ''],
    ['LETTER.PDF', ''],
    ['letter.pdf', 'application/octet-stream'],
    ['scan.png', 'application/octet-stream'],
    ['photo.JPG', 'application/octet-stream'],
    ['photo.jpeg', ''],
  ])('accepts %j declared as %j', (name, type) => expect(checkFaxableFile({ name, type, size: SMALL })).toBeNull());

  it.each([
    ['notes.txt', 'text/plain'],
    ['notes.pdf', 'text/plain'],
    ['report.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['report.docx', ''],
    ['report.docx', 'application/octet-stream'],
    ['archive.zip', 'application/octet-stream'],
    ['scan.tiff', 'image/tiff'],
    ['no-extension', ''],
    ['no-extension', 'application/octet-stream'],
    ['letter.pdf.exe', 'application/octet-stream'],
  ])('refuses %j declared as %j', (name, type) => expect(checkFaxableFile({ name, type, size: SMALL })).toBe('unsupportedType'));

  it.each([
    ['letter.pdf', 'application/pdf'],
    ['letter.pdf', ''],
    ['letter.pdf', 'application/octet-stream'],
  ])('refuses %j declared as %j above the size limit, and accepts it at the limit', (name, type) => {
    expect(checkFaxableFile({ name, type, size: DEFAULT_MAX_DOCUMENT_BYTES + 1 })).toBe('tooLarge');
    expect(checkFaxableFile({ name, type, size: DEFAULT_MAX_DOCUMENT_BYTES })).toBeNull();
  });
});
