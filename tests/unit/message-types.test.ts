import { describe, expect, it } from 'vitest';
import dictionary from '../../src/i18n/en-US.json';
import written from '../../src/i18n/message-namespaces.d.ts?raw';
import { messageTypesSource } from '../../src/integrations/message-parts';

// The dictionary's module types are made from the dictionary on every Astro run
// (src/integrations/message-types.ts): the committed file is what it makes, never edited by hand.
describe('the message modules’ types', () => {
  it('are what en-US.json makes (run `npx astro sync` after changing the dictionary)', () => {
    expect(written).toBe(messageTypesSource(dictionary as Record<string, unknown>));
  });

  it('type a namespace without the parts its module leaves apart, and each part on its own', () => {
    expect(written).toContain("const messages: Omit<Messages['billing'], 'records' | 'mail' | 'invoicePdf' | 'cancelDialog'>;");
    expect(written).toContain("declare module 'virtual:messages/send.cover' {");
    expect(written).toContain("declare module 'virtual:message/*' {");
  });
});
