// A page address whose percent-encoding is broken (`/%ZZ`, a UTF-8 sequence cut short like
// `/faxDetails/%E0%A4%A`) is something a person typed or a link mangled, not a fault of ours.
// Astro's router logged an [ERROR] line for each (tests/unit/page-address.test.ts); the address is handed to it with
// each broken escape written as U+FFFD (the character a lenient decoder puts for bytes that are
// no text), so the page answers as for any address it does not know. Writing the `%` as `%25`
// is not enough: Astro decodes an address until it stops changing, and meets the broken escape
// again one level down.

const REPLACEMENT = '%EF%BF%BD';

/** `pathname` as it came when it decodes; else with each escape that does not decode written as U+FFFD. */
export function readablePathname(pathname: string): string {
  if (decodes(decodeURI, pathname)) return pathname;
  return pathname.replace(/(?:%[0-9A-Fa-f]{2})+|%/g, (run) => (run !== '%' && decodes(decodeURIComponent, run) ? run : REPLACEMENT));
}

/**
 * Whether `decode` reads `text` without throwing. The result is used on purpose: the bundler takes
 * decodeURI for a pure call and dropped one whose result went unused, and its try with it.
 */
function decodes(decode: (text: string) => string, text: string): boolean {
  try {
    return typeof decode(text) === 'string';
  } catch {
    return false;
  }
}

/** The request itself, or the same request at the readable form of its address. */
export function withReadableAddress(request: Request): Request {
  const url = new URL(request.url);
  const pathname = readablePathname(url.pathname);
  if (pathname === url.pathname) return request;
  url.pathname = pathname;
  return new Request(url, request);
}
