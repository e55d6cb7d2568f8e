import { describe, expect, it } from 'vitest';
import type { CoverPageInput } from '../../src/common/cover-page';
import { call, errorCode, signUp } from '../support/client';
import { LETTER, pageSizes, pageTexts } from '../support/pdf';

const COVER: CoverPageInput = {
  template: 'modern',
  toName: 'Dana Whitfield',
  toNumber: '(212) 555-0123',
  fromName: 'Sam Ortega',
  subject: 'Signed agreement',
  message: 'Hello Dana 👋',
  localDateOptions: { hours: 9, minutes: 5, month: 11, date: 22, year: 2026, iso: '2026-11-22T09:05:00-05:00' },
};

function preview(body: unknown, cookie: string | null, headers?: Record<string, string>): Promise<Response> {
  return call('/api/coverPagePreview', { method: 'POST', body, cookie, headers });
}

describe('POST /api/coverPagePreview', () => {
  it('answers the cover page alone as an inline PDF, counting the cover in the pages', async () => {
    const { cookie } = await signUp();
    const response = await preview({ coverpage: COVER, pageCount: 3 }, cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('inline; filename="cover-page.pdf"');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const pdf = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe('%PDF-');
    expect(await pageSizes(pdf)).toEqual([LETTER]);
    const texts = await pageTexts(pdf);
    expect(texts).toContain('4 pages including this cover');
    expect(texts).toContain('November 22, 2026, 9:05 AM');
    expect(texts).toContain('Hello Dana ?');
  });

  it('fills in the defaults: the classic template and empty fields, before any document is chosen', async () => {
    const { cookie } = await signUp();
    const response = await preview({ coverpage: { localDateOptions: COVER.localDateOptions }, pageCount: 0 }, cookie);
    expect(response.status).toBe(200);
    const texts = await pageTexts(new Uint8Array(await response.arrayBuffer()));
    expect(texts).toEqual(['FAX', 'November 22, 2026, 9:05 AM', '1 page including this cover']);
  });

  it.each([
    ['no cover page', { pageCount: 1 }],
    ['no page count', { coverpage: COVER }],
    ['a negative page count', { coverpage: COVER, pageCount: -1 }],
    ['a fractional page count', { coverpage: COVER, pageCount: 1.5 }],
    ['an unknown template', { coverpage: { ...COVER, template: 'fancy' }, pageCount: 1 }],
    ['no local date', { coverpage: { ...COVER, localDateOptions: undefined }, pageCount: 1 }],
    ['an hour of 24', { coverpage: { ...COVER, localDateOptions: { ...COVER.localDateOptions, hours: 24 } }, pageCount: 1 }],
    ['a month of 0', { coverpage: { ...COVER, localDateOptions: { ...COVER.localDateOptions, month: 0 } }, pageCount: 1 }],
    ['a message over 2000 characters', { coverpage: { ...COVER, message: 'x'.repeat(2001) }, pageCount: 1 }],
    ['a name that is not text', { coverpage: { ...COVER, toName: 42 }, pageCount: 1 }],
  ])('answers 400 INVALID_INPUT for %s', async (_name, body) => {
    const { cookie } = await signUp();
    const response = await preview(body, cookie);
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('INVALID_INPUT');
  });

  it('answers 400 MALFORMED_BODY for a body that is not JSON', async () => {
    const { cookie } = await signUp();
    const response = await preview('{"coverpage":', cookie);
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('MALFORMED_BODY');
  });

  it('answers 401 without a session, whatever the body', async () => {
    for (const body of [{ coverpage: COVER, pageCount: 1 }, { nonsense: true }]) {
      const response = await preview(body, null);
      expect(response.status).toBe(401);
      expect(await errorCode(response)).toBe('UNAUTHENTICATED');
    }
  });

  it('answers 403 CROSS_ORIGIN to a page of another site', async () => {
    const { cookie } = await signUp();
    const response = await preview({ coverpage: COVER, pageCount: 1 }, cookie, { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe('CROSS_ORIGIN');
  });
});
