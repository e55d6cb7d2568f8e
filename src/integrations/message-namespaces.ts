import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { APART } from './message-parts';
import { writeMessageTypes } from './message-types';

// The dictionary stays one file (src/i18n/en-US.json), but islands must not carry all of it: each
// top-level namespace is its own module, `virtual:messages/<namespace>`, which an island imports
// for the words it shows (src/i18n/translator.ts). The bundler then ships a namespace only with the
// islands that use it, shared ones once. Pages and the Worker keep the whole dictionary on the
// server (src/i18n/t.ts). Docs/decisions/032.

const DICTIONARY = fileURLToPath(new URL('../i18n/en-US.json', import.meta.url));
const PREFIX = 'virtual:messages/';
// One message alone, `virtual:message/<namespace>.<key>`: for an island that shows a few words of
// a large namespace (the page counts of the send page's namespace, on every list of faxes). And a
// part of one, `virtual:messages/<namespace>.<part>`: the words of a piece of a page that is
// loaded on first need (the send page's cover page fields) come with that piece, not the page.
const ONE_PREFIX = 'virtual:message/';
function withoutParts(namespace: string, value: unknown): unknown {
  const apart = APART[namespace];
  if (!apart || !value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !apart.includes(key)));
}

/** The Vite plugin (Astro's builds and vitest both use it). */
export function messageNamespacesPlugin() {
  return {
    name: 'message-namespaces',
    resolveId: (id: string) => (id.startsWith(PREFIX) || id.startsWith(ONE_PREFIX) ? `\0${id}` : undefined),
    load(this: { addWatchFile?: (file: string) => void }, id: string) {
      const one = id.startsWith(`\0${ONE_PREFIX}`);
      if (!one && !id.startsWith(`\0${PREFIX}`)) return undefined;
      const path = id.slice((one ? ONE_PREFIX : PREFIX).length + 1);
      this.addWatchFile?.(DICTIONARY);
      const dictionary = JSON.parse(readFileSync(DICTIONARY, 'utf8')) as unknown;
      const parts = path.split('.');
      const found = parts.reduce<unknown>(
        (node, part) =>
          node && typeof node === 'object' && Object.hasOwn(node, part) ? (node as Record<string, unknown>)[part] : undefined,
        dictionary,
      );
      const value = one || parts.length > 1 ? found : withoutParts(path, found);
      if (value === undefined || (one && typeof value !== 'string') || (!one && typeof value !== 'object'))
        throw new Error(`${id.slice(1)}: en-US.json has no ${one ? 'message' : 'namespace'} "${path}"`);
      return `export default ${JSON.stringify(value)};`;
    },
  };
}

export function messageNamespaces(): AstroIntegration {
  return {
    name: 'message-namespaces',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        writeMessageTypes();
        updateConfig({ vite: { plugins: [messageNamespacesPlugin()] } });
      },
    },
  };
}
