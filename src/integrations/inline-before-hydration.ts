import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { inlineScript } from './inline-script';

// Decision 034: the script that keeps what a person does before the islands hydrate
// (src/lib/before-hydration.ts) must run before any of them, so it is written inline in the head.
export function inlineBeforeHydration(): AstroIntegration {
  return inlineScript({
    name: 'before-hydration-script',
    entry: fileURLToPath(new URL('../lib/before-hydration-entry.ts', import.meta.url)),
    virtualId: 'virtual:before-hydration-script',
  });
}
