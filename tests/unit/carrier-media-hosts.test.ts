import { describe, expect, it } from 'vitest';
import { isCarrierMediaUrl } from '../../worker/receive/inbound-media';

// A received fax's media is fetched only from the carrier's hosts (CARRIER_MEDIA_HOSTS).

const HOSTS = ['s3.amazonaws.com', '.s3.amazonaws.com', '.telnyx.com'];

describe('isCarrierMediaUrl', () => {
  it.each([
    ['the named host', 'https://s3.amazonaws.com/faxes/1.pdf', true],
    ['a bucket host under a .name', 'https://faxes-prod.s3.amazonaws.com/1.pdf', true],
    ['a host under .telnyx.com', 'https://media.telnyx.com/1.pdf', true],
    ['the bare name of a .name entry', 'https://telnyx.com/1.pdf', false],
    ['a look-alike suffix', 'https://eviltelnyx.com/1.pdf', false],
    ['a look-alike prefix', 'https://s3.amazonaws.com.evil.example/1.pdf', false],
    ['a cloud metadata address', 'http://169.254.169.254/latest/meta-data', false],
    ['another scheme', 'file:///etc/passwd', false],
    ['not a URL', 'not a url', false],
  ])('%s → %s', (_label, url, expected) => {
    expect(isCarrierMediaUrl(url, HOSTS)).toBe(expected);
  });
});
