import { describe, expect, it } from 'vitest';
import { readablePathname, withReadableAddress } from '../../worker/http/page-address';

// A page address with broken percent-encoding reaches Astro as the text that came (issue 32).

describe('readablePathname', () => {
  it.each([
    ['/faxDetails/abc', '/faxDetails/abc'],
    ['/caf%C3%A9', '/caf%C3%A9'],
    ['/a%20b', '/a%20b'],
  ])('keeps %s, which decodes, as it is', (path, readable) => expect(readablePathname(path)).toBe(readable));

  it.each([
    ['/%ZZ', '/%25ZZ', '/%ZZ'],
    ['/inbox/%', '/inbox/%25', '/inbox/%'],
    ['/faxDetails/%E0%A4%A', '/faxDetails/%25E0%25A4%25A', '/faxDetails/%E0%A4%A'],
    ['/broadcast/%ff', '/broadcast/%25ff', '/broadcast/%ff'],
    ['/caf%C3%A9/%', '/caf%C3%A9/%25', '/café/%'],
  ])('writes %s as %s, which decodes to the text that came', (path, readable, text) => {
    expect(readablePathname(path)).toBe(readable);
    expect(decodeURI(readablePathname(path))).toBe(text);
  });

  it('hands on the same request when nothing needs it, a copy at the readable address otherwise', () => {
    const fine = new Request('http://localhost/inbox?x=%zz');
    expect(withReadableAddress(fine)).toBe(fine);
    const copy = withReadableAddress(new Request('http://localhost/%E0%A4%A?q=1', { headers: { cookie: 'a=b' } }));
    expect(copy.url).toBe('http://localhost/%25E0%25A4%25A?q=1');
    expect(copy.headers.get('cookie')).toBe('a=b');
  });
});
