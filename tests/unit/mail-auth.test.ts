import { describe, expect, it } from 'vitest';
import { checkSender, isAligned, organisationalDomain, parseAuthenticationResults } from '../../worker/domain/mail-auth';

// Sender checks of mail to a fax address (decision 028): only the receiving server's topmost
// Authentication-Results header counts; DMARC pass, or an aligned DKIM/SPF pass where there is no
// DMARC result, is a pass.

const SERVER = 'mx.cloudflare.net';
const ar = (value: string) => ({ key: 'authentication-results', value });

describe('parseAuthenticationResults', () => {
  it('reads the authserv-id, each method and its properties, ignoring comments', () => {
    const parsed = parseAuthenticationResults(
      'mx.cloudflare.net; dkim=pass header.d=Example.com header.s=s1 header.b=abc; dmarc=pass (p=reject) header.from=example.com policy.dmarc=reject; spf=pass (mx.cloudflare.net: domain of a@example.com designates 1.2.3.4 as permitted sender) smtp.mailfrom=a@example.com',
    );
    expect(parsed.authservId).toBe('mx.cloudflare.net');
    expect(parsed.results).toEqual([
      { method: 'dkim', result: 'pass', props: { 'header.d': 'example.com', 'header.s': 's1', 'header.b': 'abc' } },
      { method: 'dmarc', result: 'pass', props: { 'header.from': 'example.com', 'policy.dmarc': 'reject' } },
      { method: 'spf', result: 'pass', props: { 'smtp.mailfrom': 'a@example.com' } },
    ]);
  });

  it('reads a version after the id and a header with no results', () => {
    expect(parseAuthenticationResults('mx.example.org 1; none')).toEqual({ authservId: 'mx.example.org', results: [] });
  });
});

describe('isAligned', () => {
  it.each([
    ['example.com', 'example.com', true],
    ['example.com', 'mail.example.com', true],
    ['mail.example.com', 'example.com', true],
    ['example.com', 'badexample.com', false],
    ['evil.com', 'example.com', false],
    ['', 'example.com', false],
    // Under a public suffix: the organisational domain by the Public Suffix List.
    ['org', 'example.org', false],
    ['co.uk', 'example.co.uk', false],
    ['example.co.uk', 'mail.example.co.uk', true],
    ['other.co.uk', 'example.co.uk', false],
    ['github.io', 'ada.github.io', false],
    ['bob.github.io', 'ada.github.io', false],
    ['mail.example.com', 'news.example.com', true],
  ])('%s for From domain %s → %s', (authenticated, from, aligned) => expect(isAligned(authenticated, from)).toBe(aligned));
});

describe('organisationalDomain', () => {
  it.each([
    ['mail.example.com', 'example.com'],
    ['a.b.example.co.uk', 'example.co.uk'],
    ['org', null],
    ['co.uk', null],
    ['github.io', null],
  ])('%s → %s', (domain, organisation) => expect(organisationalDomain(domain)).toBe(organisation));
});

describe('checkSender', () => {
  it.each([
    ['DMARC pass', 'mx.cloudflare.net; dmarc=pass header.from=example.com', { passed: true, by: 'dmarc' }],
    [
      'DMARC pass without header.from (which From it judged is not said)',
      'mx.cloudflare.net; dmarc=pass',
      { passed: false, reason: 'NOT_ALIGNED' },
    ],
    [
      'DKIM pass for the public suffix above the From domain',
      'mx.cloudflare.net; dkim=pass header.d=org',
      { passed: false, reason: 'NOT_ALIGNED' },
    ],
    ['SPF pass for a public suffix', 'mx.cloudflare.net; spf=pass smtp.mailfrom=bounce@org', { passed: false, reason: 'NOT_ALIGNED' }],
    ['DMARC pass for another From', 'mx.cloudflare.net; dmarc=pass header.from=other.com', { passed: false, reason: 'NOT_ALIGNED' }],
    [
      'DMARC fail, even with DKIM pass',
      'mx.cloudflare.net; dkim=pass header.d=example.com; dmarc=fail header.from=example.com',
      { passed: false, reason: 'DMARC_FAILED' },
    ],
    ['aligned DKIM, no DMARC record', 'mx.cloudflare.net; dkim=pass header.d=example.com; dmarc=none', { passed: true, by: 'dkim' }],
    [
      'DKIM of another domain',
      'mx.cloudflare.net; dkim=pass header.d=mailer.net; spf=fail smtp.mailfrom=x@mailer.net',
      { passed: false, reason: 'NOT_ALIGNED' },
    ],
    ['aligned SPF', 'mx.cloudflare.net; spf=pass smtp.mailfrom=bounce@mail.example.com', { passed: true, by: 'spf' }],
    ['SPF softfail', 'mx.cloudflare.net; spf=softfail smtp.mailfrom=a@example.com', { passed: false, reason: 'NOT_ALIGNED' }],
    ['nothing checked', 'mx.cloudflare.net; none', { passed: false, reason: 'NOT_ALIGNED' }],
    ['another server', 'mx.evil.example; dmarc=pass header.from=example.com', { passed: false, reason: 'NO_RESULTS' }],
  ])('%s', (_name, value, expected) => {
    expect(checkSender([ar(value)], SERVER, 'Someone@Example.com')).toEqual(expected);
  });

  it('reads only the topmost header: a pass the sender wrote below the server’s verdict changes nothing', () => {
    const headers = [
      ar('mx.cloudflare.net; dmarc=fail header.from=example.com'),
      ar('mx.cloudflare.net; dmarc=pass header.from=example.com'),
    ];
    expect(checkSender(headers, SERVER, 'a@example.com')).toEqual({ passed: false, reason: 'DMARC_FAILED' });
  });

  it('refuses when the topmost header is not the server’s, and when there is none', () => {
    const forged = [ar('mx.evil.example; none'), ar('mx.cloudflare.net; dmarc=pass header.from=example.com')];
    expect(checkSender(forged, SERVER, 'a@example.com')).toEqual({ passed: false, reason: 'NO_RESULTS' });
    expect(checkSender([{ key: 'subject', value: 'x' }], SERVER, 'a@example.com')).toEqual({ passed: false, reason: 'NO_RESULTS' });
  });
});
