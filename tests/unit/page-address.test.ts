import { describe, expect, it } from 'vitest';
import { readablePathname, withReadableAddress } from '../../worker/http/page-address';

// A page address with broken percent-encoding reaches Astro as text that decodes.

describe('readablePathname', () => {
  it.each([
    ['/faxDetails/abc', '/faxDetails/abc'],
    ['/caf%C3%A9', '/caf%C3%A9'],
    ['/a%20b', '/a%20b'],
  ])('keeps %s, which decodes, as it is', (path, readable) => expect(readablePathname(path)).toBe(readable));

  it.each([
    ['/%ZZ', '/%EF%BF%BDZZ', '/\uFFFDZZ'],
    ['/inbox/%', '/inbox/%EF%BF%BD', '/inbox/\uFFFD'],
    ['/faxDetails/%E0%A4%A', '/faxDetails/%EF%BF%BD%EF%BF%BDA', '/faxDetails/\uFFFD\uFFFDA'],
    ['/broadcast/%ff', '/broadcast/%EF%BF%BD', '/broadcast/\uFFFD'],
    ['/caf%C3%A9/%', '/caf%C3%A9/%EF%BF%BD', '/café/\uFFFD'],
  ])('writes %s as %s, which decodes, and decodes again to itself', (path, readable, text) => {
    expect(readablePathname(path)).toBe(readable);
    // Astro decodes until nothing changes: the second decode must not throw.
    expect(decodeURI(readablePathname(path))).toBe(text);
    expect(decodeURI(text)).toBe(text);
  });

  it('hands on the same request when nothing needs it, a copy at the readable address otherwise', () => {
    const fine = new Request('http://localhost/inbox?x=%zz');
    expect(withReadableAddress(fine)).toBe(fine);
    const copy = withReadableAddress(new Request('http://localhost/%E0%A4%A?q=1', { headers: { cookie: 'a=b' } }));
    expect(copy.url).toBe('http://localhost/%EF%BF%BD%EF%BF%BDA?q=1');
    expect(copy.headers.get('cookie')).toBe('a=b');
  });
});
