import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { messageTypesSource } from './message-parts';

// The types of the dictionary's modules (src/i18n/message-namespaces.d.ts), written from
// en-US.json by every Astro run (build, dev, and `astro sync`, which `npm run typecheck` starts
// with), never by hand: a namespace or part added to the dictionary is importable at once, and one
// left apart from its namespace's module (APART) is typed without it. The file stays committed so
// an editor knows the modules before any build; tests/unit/message-types.test.ts fails when it is
// not what the dictionary makes.

const DICTIONARY = fileURLToPath(new URL('../i18n/en-US.json', import.meta.url));
export const MESSAGE_TYPES_FILE = fileURLToPath(new URL('../i18n/message-namespaces.d.ts', import.meta.url));

/** Writes the declarations when they differ from the file's (so a run that changes nothing touches nothing). */
export function writeMessageTypes(): void {
  const source = messageTypesSource(JSON.parse(readFileSync(DICTIONARY, 'utf8')) as Record<string, unknown>);
  let current = '';
  try {
    current = readFileSync(MESSAGE_TYPES_FILE, 'utf8');
  } catch {
    // Not there yet: written now.
  }
  if (current !== source) writeFileSync(MESSAGE_TYPES_FILE, source);
}
