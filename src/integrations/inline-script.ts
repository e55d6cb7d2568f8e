import { createHash } from 'node:crypto';
import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';

// A script a page writes inline rather than loads: bundled and minified here at build time into
// one string, served to pages as a virtual module (`export default "<code>"`) that a component
// writes with `<script is:inline set:html={code} />`. Its SHA-256 joins the page CSP's script-src,
// as Astro's own inline scripts' do.

interface InlineScript {
  /** The integration's name, and the Vite plugin's. */
  name: string;
  /** Absolute path of the TypeScript entry the script is bundled from. */
  entry: string;
  /** The module a component imports the code from, e.g. `virtual:attribution-script`. */
  virtualId: string;
}

async function bundle(entry: string): Promise<string> {
  const result = await build({ entryPoints: [entry], bundle: true, minify: true, format: 'iife', target: 'es2022', write: false });
  return result.outputFiles[0]!.text.trim();
}

export function inlineScript({ name, entry, virtualId }: InlineScript): AstroIntegration {
  return {
    name,
    hooks: {
      'astro:config:setup': async ({ updateConfig }) => {
        const code = await bundle(entry);
        const hash = `sha256-${createHash('sha256').update(code).digest('base64')}`;
        updateConfig({
          security: { csp: { algorithm: 'SHA-256', scriptDirective: { hashes: [hash as `sha256-${string}`] } } },
          vite: {
            plugins: [
              {
                name,
                resolveId: (id: string) => (id === virtualId ? `\0${virtualId}` : undefined),
                load: (id: string) => (id === `\0${virtualId}` ? `export default ${JSON.stringify(code)};` : undefined),
              },
            ],
          },
        });
      },
    },
  };
}
