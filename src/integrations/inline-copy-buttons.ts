import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { inlineScript } from './inline-script';

// The one listener behind every copy button (src/lib/copy-buttons.ts), written inline: a few
// hundred bytes no island has to carry.
export function inlineCopyButtons(): AstroIntegration {
  return inlineScript({
    name: 'copy-buttons-script',
    entry: fileURLToPath(new URL('../lib/copy-buttons-entry.ts', import.meta.url)),
    virtualId: 'virtual:copy-buttons-script',
  });
}
