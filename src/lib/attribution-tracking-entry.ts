import { trackAttribution } from './attribution-tracking';

// What every page runs inline at load (src/components/shell/Attribution.astro), bundled at build
// by src/integrations/inline-attribution.ts into one small script with no request of its own.
void trackAttribution({ signedIn: document.querySelector('template[data-attribution-sync]') !== null });
