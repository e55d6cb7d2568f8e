import { describe, expect, it } from 'vitest';
import { faxPdfFileName } from '../../src/common/fax-file-name';

const fax = { id: '0b6f7f5e-2f0a-4a43-9a47-1d2f4f1b8c11', fileName: null, remoteNumber: null, start: Date.UTC(2026, 10, 23, 18, 0) };

describe('what a downloaded fax is called', () => {
  it('a sent fax: the uploaded name as a PDF, a photo included', () => {
    expect(faxPdfFileName({ ...fax, direction: 'SEND', fileName: 'Lease (signed).pdf' })).toBe('Lease (signed).pdf');
    expect(faxPdfFileName({ ...fax, direction: 'SEND', fileName: 'receipt.jpeg' })).toBe('receipt.pdf');
    expect(faxPdfFileName({ ...fax, direction: 'SEND' })).toBe(`fax-${fax.id}.pdf`);
  });

  it('a received fax: the sender and the day it arrived', () => {
    expect(faxPdfFileName({ ...fax, direction: 'RECEIVE', remoteNumber: '+16132484850' })).toBe('fax-from-16132484850-2026-11-23.pdf');
    expect(faxPdfFileName({ ...fax, direction: 'RECEIVE' })).toBe('fax-from-unknown-sender-2026-11-23.pdf');
  });
});
