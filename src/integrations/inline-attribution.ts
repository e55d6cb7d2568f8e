import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { inlineScript } from './inline-script';

// Spec §4 / decision 022: "on every page load a small inline script keeps the record". The tracker
// (src/lib/attribution-tracking.ts) is written inline, so a landing page makes no request for
// script at all.
export function inlineAttribution(): AstroIntegration {
  return inlineScript({
    name: 'attribution-script',
    entry: fileURLToPath(new URL('../lib/attribution-tracking-entry.ts', import.meta.url)),
    virtualId: 'virtual:attribution-script',
  });
}
