import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../worker/env';
import { withVars } from '../support/config';

// Every "contact us" on the site points at SUPPORT_EMAIL (the footer of every page, the messages):
// a missing or mistyped address would send users nowhere, so the configuration refuses it.

describe('SUPPORT_EMAIL', () => {
  it('is read from the configuration (wrangler.toml has one)', () => {
    expect(readConfig(withVars({ SUPPORT_EMAIL: 'help@fax.example' })).SUPPORT_EMAIL).toBe('help@fax.example');
    expect(readConfig(env).SUPPORT_EMAIL).toMatch(/^[^@\s]+@[^@\s]+$/);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['not an address', 'write to us'],
  ])('is refused when %s, naming it', (_label, value) => {
    expect(() => readConfig(withVars({ SUPPORT_EMAIL: value }))).toThrow(/SUPPORT_EMAIL/);
  });
});
