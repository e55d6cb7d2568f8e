/// <reference path="./message-namespaces.d.ts" />
import type messages from './en-US.json';

// Every user-visible string comes from en-US.json (the product's one locale, spec §2). The server
// reads the whole of it (./t.ts); an island reads only the namespaces it shows, each imported as
// `virtual:messages/<namespace>`, so a page carries the words of its own islands and no others
// (docs/decisions/032):
//
//   import send from 'virtual:messages/send';
//   const t = translator({ send });
//   t('send.submit');
//
// A key outside the namespaces given does not compile.

export type Messages = typeof messages;
export type Namespace = keyof Messages;

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every key of the dictionary. */
export type MessageKey = Leaves<Messages>;
/** The keys of some namespaces: what a translator over them takes. */
export type KeyOf<N extends Namespace> = Leaves<Pick<Messages, N>>;
export type MessageParams = Record<string, string | number>;

export const LOCALE = 'en-US';

/** The message under a key, with `{name}` placeholders filled from params. */
export function lookUp(dictionary: object, key: string, params: MessageParams = {}): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], dictionary);
  if (typeof value !== 'string') throw new Error(`Missing message: ${key}`);
  return value.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

/** Some of the dictionary: whole namespaces, or a few of their messages. */
type Part<T> = { [K in keyof T]?: T[K] extends string ? string : Part<T[K]> };

/**
 * `t` over the part of the dictionary given: namespaces keyed by their names, as imported
 * (`{ send }`), or a few messages of one (`{ send: { pageCount } }` from `virtual:message/send.pageCount`).
 */
export function translator<const D extends Part<Messages>>(dictionary: D): (key: Leaves<D>, params?: MessageParams) => string {
  return (key, params) => lookUp(dictionary, key, params);
}
