import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';

// Spec §4 / issue 12: "on every page load a small inline script keeps the record". The tracker
// (src/lib/attribution-tracking.ts) is bundled and minified here at build time into one string,
// served to pages as `virtual:attribution-script` and written inline, so a landing page makes no
// request for script at all. Its SHA-256 joins the page CSP's script-src, as Astro's own do.

const ENTRY = fileURLToPath(new URL('../lib/attribution-tracking-entry.ts', import.meta.url));
const VIRTUAL_ID = 'virtual:attribution-script';

async function bundleTracker(): Promise<string> {
  const result = await build({ entryPoints: [ENTRY], bundle: true, minify: true, format: 'iife', target: 'es2022', write: false });
  return result.outputFiles[0]!.text.trim();
}

export function inlineAttribution(): AstroIntegration {
  return {
    name: 'inline-attribution',
    hooks: {
      'astro:config:setup': async ({ updateConfig }) => {
        const code = await bundleTracker();
        const hash = `sha256-${createHash('sha256').update(code).digest('base64')}`;
        updateConfig({
          security: { csp: { algorithm: 'SHA-256', scriptDirective: { hashes: [hash as `sha256-${string}`] } } },
          vite: {
            plugins: [
              {
                name: 'attribution-script',
                resolveId: (id: string) => (id === VIRTUAL_ID ? `\0${VIRTUAL_ID}` : undefined),
                load: (id: string) => (id === `\0${VIRTUAL_ID}` ? `export default ${JSON.stringify(code)};` : undefined),
              },
            ],
          },
        });
      },
    },
  };
}
