import messages from './en-US.json';

// Every user-visible string comes from en-US.json (the product's one locale, spec §2).
type Messages = typeof messages;
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type MessageKey = Leaves<Messages>;

export const LOCALE = 'en-US';

/** The message for a key, with `{name}` placeholders filled from params. */
export function t(key: MessageKey, params: Record<string, string | number> = {}): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages);
  if (typeof value !== 'string') throw new Error(`Missing message: ${key}`);
  return value.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}
