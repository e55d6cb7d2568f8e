import { describe, expect, it } from 'vitest';
import { readConfig } from '../../worker/env';
import { mailLinkOrigin } from '../../worker/mail/link-origin';
import { withVars } from '../support/config';

// Links in mails (password reset, e-mail change, a received fax) point at PUBLIC_ORIGIN: a link
// built on the request's Host would send the token to whatever site the requester named.

describe('PUBLIC_ORIGIN', () => {
  it('is required in production', () => {
    expect(() => readConfig(withVars({ APP_ENV: 'production', DEV_TOOLS: 'off', PUBLIC_ORIGIN: undefined }))).toThrow(
      /PUBLIC_ORIGIN is required in production/,
    );
  });

  it('is where mailed links point, whatever host the request named', () => {
    const config = readConfig(withVars({ PUBLIC_ORIGIN: 'https://fax.example.com' }));
    expect(mailLinkOrigin(config, 'http://evil.example/api/forgotPassword')).toBe('https://fax.example.com');
  });

  it('leaves a local run without it on the origin it was reached at', () => {
    const config = readConfig(withVars({ PUBLIC_ORIGIN: undefined }));
    expect(mailLinkOrigin(config, 'http://localhost:4321/api/forgotPassword')).toBe('http://localhost:4321');
  });
});
