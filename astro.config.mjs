// @ts-check

import cloudflare from '@astrojs/cloudflare';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { buildId } from './src/integrations/build-id';
import { iconSprite } from './src/integrations/icon-sprite';
import { inlineAttribution } from './src/integrations/inline-attribution';
import { inlineBeforeHydration } from './src/integrations/inline-before-hydration';
import { inlineCopyButtons } from './src/integrations/inline-copy-buttons';
import { messageNamespaces } from './src/integrations/message-namespaces';
import { pdfjsAssets } from './src/integrations/pdfjs-assets';

// Pages are server-rendered by default so guards run before any HTML is sent;
// landing pages and the 404 page opt into prerendering with `export const prerender = true`.
export default defineConfig({
  // Canonical and social links of the landing pages: the origin the site is served at, taken at
  // build time (PUBLIC_ORIGIN, as the Worker's own configuration names it).
  site: process.env.PUBLIC_ORIGIN ?? 'http://localhost:8787',
  output: 'server',
  // Prerendered pages are built as lp/receive-fax.html, served at /lp/receive-fax itself: as
  // folders they answered their own address with a redirect to a trailing slash.
  build: { format: 'file' },
  adapter: cloudflare({ imageService: 'passthrough' }),
  integrations: [
    react(),
    pdfjsAssets(),
    buildId(),
    iconSprite(),
    inlineAttribution(),
    inlineBeforeHydration(),
    inlineCopyButtons(),
    messageNamespaces(),
  ],
  security: {
    // Hashes for every inline script and style Astro renders, plus Google Identity Services on
    // /login (its script, stylesheet, button iframe and calls), as Google's setup guide lists them.
    csp: {
      scriptDirective: { resources: ["'self'", 'https://accounts.google.com/gsi/client'] },
      styleDirective: { resources: ["'self'", 'https://accounts.google.com/gsi/style'] },
      // default-src closes every kind of load not named here; pdf.js draws pages from blob: and data: images.
      directives: [
        "default-src 'self'",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        "frame-src 'self' https://accounts.google.com/gsi/",
        "connect-src 'self' https://accounts.google.com/gsi/",
      ],
    },
  },
  prefetch: false,
  devToolbar: { enabled: false },
  // Shiki's inline styles would break the CSP; the site renders no code blocks.
  markdown: { syntaxHighlight: false },
});
