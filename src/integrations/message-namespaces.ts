import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

// The dictionary stays one file (src/i18n/en-US.json), but islands must not carry all of it: each
// top-level namespace is its own module, `virtual:messages/<namespace>`, which an island imports
// for the words it shows (src/i18n/translator.ts). The bundler then ships a namespace only with the
// islands that use it, shared ones once. Pages and the Worker keep the whole dictionary on the
// server (src/i18n/t.ts). Docs/decisions/031.

const DICTIONARY = fileURLToPath(new URL('../i18n/en-US.json', import.meta.url));
const PREFIX = 'virtual:messages/';

/** The Vite plugin (Astro's builds and vitest both use it). */
export function messageNamespacesPlugin() {
  return {
    name: 'message-namespaces',
    resolveId: (id: string) => (id.startsWith(PREFIX) ? `\0${id}` : undefined),
    load(this: { addWatchFile?: (file: string) => void }, id: string) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const namespace = id.slice(PREFIX.length + 1);
      this.addWatchFile?.(DICTIONARY);
      const messages = JSON.parse(readFileSync(DICTIONARY, 'utf8')) as Record<string, unknown>;
      if (!Object.hasOwn(messages, namespace)) throw new Error(`${PREFIX}${namespace}: en-US.json has no namespace "${namespace}"`);
      return `export default ${JSON.stringify(messages[namespace])};`;
    },
  };
}

export function messageNamespaces(): AstroIntegration {
  return {
    name: 'message-namespaces',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ vite: { plugins: [messageNamespacesPlugin()] } });
      },
    },
  };
}
