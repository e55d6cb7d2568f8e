import { getDomain } from 'tldts';

// Whether a mail to a fax address really comes from its From address, judged only from what the
// receiving mail server recorded (RFC 8601 Authentication-Results; decision 028). A sender's own
// Authentication-Results headers prove nothing: only the topmost one, which the receiving server
// (Cloudflare Email Routing) adds last, is read, and only when its authserv-id is that server's.

export interface MailHeader {
  /** Lower-case name. */
  key: string;
  value: string;
}

export type SenderCheck =
  | { passed: true; by: 'dmarc' | 'dkim' | 'spf' }
  | { passed: false; reason: 'NO_RESULTS' | 'DMARC_FAILED' | 'NOT_ALIGNED' };

interface MethodResult {
  method: string;
  result: string;
  /** `header.d`, `header.from`, `smtp.mailfrom`… lower-cased. */
  props: Record<string, string>;
}

/** The header with its (nested) comments removed, as RFC 8601 allows them anywhere. */
function stripComments(value: string): string {
  let depth = 0;
  let out = '';
  for (const ch of value) {
    if (ch === '(') depth++;
    else if (ch === ')' && depth > 0) depth--;
    else if (depth === 0) out += ch;
  }
  return out;
}

/** `authserv-id; method=result prop=value …; …` into its id and results. */
export function parseAuthenticationResults(value: string): { authservId: string; results: MethodResult[] } {
  const [head = '', ...parts] = stripComments(value).split(';');
  const authservId = head.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  const results: MethodResult[] = [];
  for (const part of parts) {
    const tokens = part.trim().split(/\s+/).filter(Boolean);
    const [method, result] = (tokens[0] ?? '').toLowerCase().split('=');
    if (!method || !result) continue;
    const props: Record<string, string> = {};
    for (const token of tokens.slice(1)) {
      const at = token.indexOf('=');
      if (at > 0)
        props[token.slice(0, at).toLowerCase()] = token
          .slice(at + 1)
          .replace(/^"|"$/g, '')
          .toLowerCase();
    }
    results.push({ method: method.replace(/\/.*$/, ''), result, props });
  }
  return { authservId, results };
}

/** The domain of an address or a bare domain, lower-case (`user@Mail.Example.com` → `mail.example.com`). */
function domainOf(value: string | undefined): string {
  return (value ?? '').replace(/^.*@/, '').replace(/>$/, '').toLowerCase();
}

/**
 * The organisational domain of a domain (RFC 7489 §3.2): the one label below its public suffix,
 * by the Public Suffix List (`mail.example.co.uk` → `example.co.uk`); null for a public suffix
 * itself (`org`, `co.uk`, `github.io`) or anything that is not a domain name.
 */
export function organisationalDomain(domain: string): string | null {
  return getDomain(domain, { allowPrivateDomains: true, extractHostname: false });
}

/**
 * DMARC's relaxed alignment: the authenticated domain and the From domain have the same
 * organisational domain. A signature or an SPF pass for a public suffix (`header.d=org`) aligns
 * with nothing: anyone can hold a domain under it.
 */
export function isAligned(authenticated: string, fromDomain: string): boolean {
  if (!authenticated || !fromDomain) return false;
  const organisation = organisationalDomain(fromDomain);
  return organisation !== null && organisationalDomain(authenticated) === organisation;
}

/**
 * Passed when the receiving server found DMARC passing, or, for a domain with no DMARC result, a
 * DKIM signature or an SPF pass of a domain aligned with the From address (what DMARC itself asks).
 * An explicit DMARC failure is a failure whatever else passed.
 */
export function checkSender(headers: readonly MailHeader[], authservId: string, fromAddress: string): SenderCheck {
  const first = headers.find((header) => header.key === 'authentication-results');
  if (!first) return { passed: false, reason: 'NO_RESULTS' };
  const parsed = parseAuthenticationResults(first.value);
  if (parsed.authservId !== authservId.toLowerCase()) return { passed: false, reason: 'NO_RESULTS' };
  const fromDomain = domainOf(fromAddress);
  const dmarc = parsed.results.find((r) => r.method === 'dmarc');
  // The From the server judged must be the one we read (a mail with two From headers or addresses
  // is refused earlier); a pass that does not say which From it judged proves nothing about ours.
  if (dmarc?.result === 'pass') {
    return dmarc.props['header.from'] === fromDomain ? { passed: true, by: 'dmarc' } : { passed: false, reason: 'NOT_ALIGNED' };
  }
  if (dmarc?.result === 'fail') return { passed: false, reason: 'DMARC_FAILED' };
  const dkim = parsed.results.some(
    (r) => r.method === 'dkim' && r.result === 'pass' && isAligned(domainOf(r.props['header.d'] ?? r.props['header.i']), fromDomain),
  );
  if (dkim) return { passed: true, by: 'dkim' };
  const spf = parsed.results.some(
    (r) => r.method === 'spf' && r.result === 'pass' && isAligned(domainOf(r.props['smtp.mailfrom']), fromDomain),
  );
  if (spf) return { passed: true, by: 'spf' };
  return { passed: false, reason: 'NOT_ALIGNED' };
}
