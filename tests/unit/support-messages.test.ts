import { describe, expect, it } from 'vitest';
import messages from '../../src/i18n/en-US.json';
import { type MessageKey, t } from '../../src/i18n/t';

// Issue 12: every message that tells the user to get in touch names the support address
// ({email}, filled from SUPPORT_EMAIL and shown as a mailto link), so it points to a real way to
// do it. A new "contact us" without the address fails here.

const ASKS_TO_WRITE = /contact us|write to us|reach us|get in touch|our support|contact support/i;

function leaves(node: unknown, prefix = ''): Array<[string, string]> {
  if (typeof node === 'string') return [[prefix, node]];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
}

const asking = leaves(messages).filter(([, text]) => ASKS_TO_WRITE.test(text));

describe('messages that ask the user to write to us', () => {
  it('exist (the footer, the upload and fax failure advice)', () => {
    expect(asking.map(([key]) => key)).toEqual(
      expect.arrayContaining(['footer.help', 'upload.errors.quota-exceeded', 'faxFailure.CARRIER_ERROR.advice']),
    );
  });

  it.each(asking)('%s names the address', (key) => {
    const text = t(key as MessageKey, { email: 'help@fax.example' });
    expect(text).toContain('help@fax.example');
  });
});
