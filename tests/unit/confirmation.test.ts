import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { type DeliveryConfirmationInput, formatUtcTimestamp, renderDeliveryConfirmation } from '../../worker/documents/confirmation';
import { makePdf } from '../support/documents';
import { LETTER, pageSizes, pageTexts } from '../support/pdf';

const START = Date.UTC(2026, 10, 22, 9, 5, 42);

function input(fields: Partial<DeliveryConfirmationInput> = {}): DeliveryConfirmationInput {
  return {
    faxId: '0d6f5c1e-1b7a-4f1e-9d7e-3c0f7d3c9a11',
    toDisplay: '(212) 555-0123',
    fromDisplay: '(415) 555-2671',
    pagesSent: 4,
    pageCount: 4,
    start: START,
    completed: START + 95_000,
    attempts: 2,
    firstPage: null,
    ...fields,
  };
}

/** How many Form XObjects (embedded pages) the confirmation page draws. */
async function embeddedPages(bytes: Uint8Array): Promise<number> {
  const pdf = await PDFDocument.load(bytes);
  const xObjects = pdf.getPage(0).node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  return xObjects ? xObjects.keys().length : 0;
}

describe('formatUtcTimestamp', () => {
  it.each([
    [Date.UTC(2026, 10, 22, 9, 5, 42), '2026-11-22 09:05 UTC'],
    [Date.UTC(2026, 0, 1, 0, 0), '2026-01-01 00:00 UTC'],
    [Date.UTC(2026, 11, 31, 23, 59, 59, 999), '2026-12-31 23:59 UTC'],
  ])('%i → %s', (epochMs, expected) => {
    expect(formatUtcTimestamp(epochMs)).toBe(expected);
  });
});

describe('renderDeliveryConfirmation', () => {
  it('is one Letter page with every detail of the delivery', async () => {
    const pdf = await renderDeliveryConfirmation(input());
    expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe('%PDF-');
    expect(await pageSizes(pdf)).toEqual([LETTER]);
    const texts = await pageTexts(pdf);
    for (const text of [
      'FaxFlow',
      'Fax delivery confirmation',
      '0d6f5c1e-1b7a-4f1e-9d7e-3c0f7d3c9a11',
      'DELIVERED',
      '(212) 555-0123',
      '(415) 555-2671',
      '4 of 4',
      '2026-11-22 09:05 UTC',
      '2026-11-22 09:07 UTC',
      'Attempts',
      '2',
    ]) {
      expect(texts).toContain(text);
    }
  });

  it('says "Withheld" for an anonymous sender', async () => {
    const texts = await pageTexts(await renderDeliveryConfirmation(input({ fromDisplay: null })));
    expect(texts).toContain('Withheld');
  });

  it('pictures the first transmitted page, scaled down', async () => {
    const pdf = await renderDeliveryConfirmation(input({ firstPage: await makePdf(3) }));
    expect(await embeddedPages(pdf)).toBe(1);
    expect(await pageTexts(pdf)).not.toContain('Preview not available');
    expect(await pageSizes(pdf)).toEqual([LETTER]);
  });

  it.each([
    ['no transmitted PDF', null],
    ['bytes that are not a PDF', new TextEncoder().encode('not a pdf')],
  ])('still renders with %s, saying there is no preview', async (_name, firstPage) => {
    const pdf = await renderDeliveryConfirmation(input({ firstPage }));
    expect(await embeddedPages(pdf)).toBe(0);
    expect(await pageTexts(pdf)).toContain('Preview not available');
  });
});
