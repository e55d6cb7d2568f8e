// Where an outgoing webhook may go (decision 047): the SSRF rules, with no I/O. A URL is checked
// when it is saved and again before every delivery, and every address its host name resolves to
// is checked the same way (outgoing-webhooks/resolve.ts), so neither a literal nor a name can
// reach the service's own network, the cloud's metadata address, or anything not on the internet.

export type AddressProblem = 'INVALID_URL' | 'HTTPS_REQUIRED' | 'CREDENTIALS_IN_URL' | 'PRIVATE_ADDRESS';

export interface UrlRules {
  /** http://localhost:<port> is let through: local development and tests only. */
  allowLocalHttp: boolean;
}

export type UrlCheck = { ok: true; url: URL; host: string; literal: boolean } | { ok: false; problem: AddressProblem };

/** The URL as it will be called, or why it may not be. Literal addresses are judged here; names after resolving. */
export function checkWebhookUrl(text: string, rules: UrlRules): UrlCheck {
  let url: URL;
  try {
    // The WHATWG parser writes every IPv4 spelling (2130706433, 0x7f000001, 0177.0.0.1, 127.1) as dotted decimal.
    url = new URL(text);
  } catch {
    return { ok: false, problem: 'INVALID_URL' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, problem: 'INVALID_URL' };
  if (url.username || url.password) return { ok: false, problem: 'CREDENTIALS_IN_URL' };
  const host = url.hostname.toLowerCase();
  if (!host) return { ok: false, problem: 'INVALID_URL' };
  // Local runs only: http://localhost:<port>, a receiver on the developer's own machine.
  if (rules.allowLocalHttp && url.protocol === 'http:' && host === 'localhost') return { ok: true, url, host, literal: true };
  if (url.protocol === 'http:') return { ok: false, problem: 'HTTPS_REQUIRED' };
  const bare = host.startsWith('[') ? host.slice(1, -1) : host;
  const ip = parseIp(bare);
  if (ip) return isPublicIp(ip) ? { ok: true, url, host, literal: true } : { ok: false, problem: 'PRIVATE_ADDRESS' };
  // A name: one label only (intranet), or one of the names that always mean this machine or a private zone.
  if (!bare.includes('.') || /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/.test(bare)) {
    return { ok: false, problem: 'PRIVATE_ADDRESS' };
  }
  return { ok: true, url, host: bare, literal: false };
}

export type Ip = { v: 4; bytes: number[] } | { v: 6; bytes: number[] };

/** An IPv4 (dotted decimal only: URLs are normalised first) or IPv6 literal, or null. */
export function parseIp(text: string): Ip | null {
  const v4 = parseIpv4(text);
  if (v4) return { v: 4, bytes: v4 };
  const v6 = parseIpv6(text);
  return v6 ? { v: 6, bytes: v6 } : null;
}

function parseIpv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes = parts.map((part) => (/^(0|[1-9]\d{0,2})$/.test(part) ? Number(part) : Number.NaN));
  return bytes.every((b) => b >= 0 && b <= 255) ? bytes : null;
}

function parseIpv6(text: string): number[] | null {
  if (!text.includes(':') || text.includes('%')) return null;
  let tail: number[] = [];
  let head = text;
  const lastColon = text.lastIndexOf(':');
  if (text.slice(lastColon + 1).includes('.')) {
    const v4 = parseIpv4(text.slice(lastColon + 1));
    if (!v4) return null;
    tail = v4;
    head = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const halves = head.split('::');
  if (halves.length > 2) return null;
  const group = (s: string) => (s === '' ? [] : s.split(':'));
  const left = group(halves[0]!);
  const right = halves.length === 2 ? group(halves[1]!) : [];
  const missing = 8 - left.length - right.length;
  if ((halves.length === 1 && missing !== 0) || missing < 0 || (halves.length === 2 && missing < 1)) return null;
  const words = [...left, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...right];
  if (words.length !== 8 || !words.every((w) => /^[0-9a-f]{1,4}$/i.test(w))) return null;
  const bytes = words.flatMap((w) => {
    const n = Number.parseInt(w, 16);
    return [n >> 8, n & 255];
  });
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes;
}

function inV4(b: number[], prefix: number[], bits: number): boolean {
  for (let i = 0; i < 4; i++) {
    const take = Math.max(0, Math.min(8, bits - i * 8));
    const mask = take === 0 ? 0 : (0xff << (8 - take)) & 0xff;
    if ((b[i]! & mask) !== ((prefix[i] ?? 0) & mask)) return false;
  }
  return true;
}

const PRIVATE_V4: [number[], number][] = [
  [[0], 8], // "this network", 0.0.0.0 included
  [[10], 8],
  [[100, 64], 10], // CGNAT
  [[127], 8],
  [[169, 254], 16], // link-local, the cloud metadata address among them
  [[172, 16], 12],
  [[192, 0, 0], 24],
  [[192, 0, 2], 24],
  [[192, 88, 99], 24],
  [[192, 168], 16],
  [[198, 18], 15],
  [[198, 51, 100], 24],
  [[203, 0, 113], 24],
  [[224], 4], // multicast
  [[240], 4], // reserved, broadcast included
];

/** Whether the address is on the public internet (none of the private, loopback, link-local, CGNAT, multicast or reserved ranges). */
export function isPublicIp(ip: Ip): boolean {
  if (ip.v === 4) return !PRIVATE_V4.some(([prefix, bits]) => inV4(ip.bytes, prefix, bits));
  const b = ip.bytes;
  const zeroUpTo = (n: number) => b.slice(0, n).every((x) => x === 0);
  // ::, ::1 and the IPv4-compatible / -mapped / -translated forms are judged as the IPv4 inside.
  if (zeroUpTo(15) && (b[15] === 0 || b[15] === 1)) return false;
  if (zeroUpTo(10) && b[10] === 0xff && b[11] === 0xff) return isPublicIp({ v: 4, bytes: b.slice(12) });
  if (zeroUpTo(12)) return isPublicIp({ v: 4, bytes: b.slice(12) });
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b) return isPublicIp({ v: 4, bytes: b.slice(12) }); // 64:ff9b::/96
  if (b[0] === 0x20 && b[1] === 0x02) return isPublicIp({ v: 4, bytes: b.slice(2, 6) }); // 6to4
  if ((b[0]! & 0xfe) === 0xfc) return false; // fc00::/7 unique local
  if (b[0] === 0xfe && (b[1]! & 0xc0) === 0x80) return false; // fe80::/10 link-local
  if (b[0] === 0xfe && (b[1]! & 0xc0) === 0xc0) return false; // fec0::/10 site-local (deprecated)
  if (b[0] === 0xff) return false; // multicast
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0x0d && b[3] === 0xb8) return false; // documentation
  if (b[0] === 0x01 && b.slice(1, 8).every((x) => x === 0)) return false; // 100::/64 discard
  return true;
}
