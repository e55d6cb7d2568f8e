import messages from './en-US.json';
import { lookUp, type MessageKey, type MessageParams } from './translator';

// The whole dictionary, for what renders on the server only (.astro pages and layouts, the
// Worker's mails and errors). Islands use ./translator.ts with the namespaces they show, so a
// page does not carry every sentence of the product (docs/decisions/032).

export { LOCALE, type MessageKey } from './translator';

/** The message for a key, with `{name}` placeholders filled from params. */
export function t(key: MessageKey, params: MessageParams = {}): string {
  return lookUp(messages, key, params);
}
