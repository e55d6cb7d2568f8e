// @ts-check
import { defineConfig } from 'astro/config';
import cloudflare from '@astrojs/cloudflare';
import react from '@astrojs/react';

// Pages are server-rendered by default so guards run before any HTML is sent;
// landing pages and the 404 page opt into prerendering with `export const prerender = true`.
export default defineConfig({
  output: 'server',
  adapter: cloudflare({ imageService: 'passthrough' }),
  integrations: [react()],
  security: { csp: true },
  prefetch: false,
  devToolbar: { enabled: false },
  // Shiki's inline styles would break the CSP; the site renders no code blocks.
  markdown: { syntaxHighlight: false },
});
