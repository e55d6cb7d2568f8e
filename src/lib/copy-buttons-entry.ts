import { startCopyButtons } from './copy-buttons';

// Run inline at the end of every page of the app layout (src/integrations/inline-copy-buttons.ts).
startCopyButtons();
