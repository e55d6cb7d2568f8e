import { keepWhatIsDoneBeforeHydration } from './before-hydration';

// What every page of the app layout runs inline in its head, before any island (src/layouts/
// AppLayout.astro), bundled at build by src/integrations/inline-before-hydration.ts.
keepWhatIsDoneBeforeHydration();
