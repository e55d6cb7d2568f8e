// Parts of a namespace its module leaves out: words only the Worker writes (ledger lines, mails, an
// invoice's PDF), and words a page loads later with the part that shows them, as
// `virtual:messages/<namespace>.<part>` (the dialog that cancels a plan, the held number's line). message-namespaces.d.ts
// types each namespace without them, so an island cannot count on them.
export const APART: Record<string, readonly string[]> = {
  billing: ['records', 'mail', 'invoicePdf', 'cancelDialog'],
  // The held number's one line (HeldNumberNote), on pages that show nothing else of the picker.
  numbers: ['note'],
};

// The types of those modules (src/i18n/message-namespaces.d.ts, written by ./message-types.ts).
const HEADER = `// Written by src/integrations/message-types.ts from en-US.json on every Astro run: do not edit.
// Each namespace of en-US.json as its own module (src/integrations/message-namespaces.ts), typed
// as that part of the dictionary: an island imports the ones it shows (./translator.ts).
// \`virtual:messages/<namespace>.<part>\` is one part of a namespace (an object);
// \`virtual:message/<namespace>.<key>\` one message alone, a string.

type Messages = typeof import('./en-US.json');
`;

function moduleOf(name: string, type: string): string {
  return `declare module 'virtual:messages/${name}' {\n  const messages: ${type};\n  export default messages;\n}\n`;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The declarations for a dictionary: each namespace (without its parts apart), then each part of one. */
export function messageTypesSource(dictionary: Record<string, unknown>): string {
  const modules: string[] = [];
  for (const [namespace, value] of Object.entries(dictionary)) {
    if (!isObject(value)) continue;
    const apart = APART[namespace];
    const type = apart ? `Omit<Messages['${namespace}'], ${apart.map((key) => `'${key}'`).join(' | ')}>` : `Messages['${namespace}']`;
    modules.push(moduleOf(namespace, type));
  }
  for (const [namespace, value] of Object.entries(dictionary)) {
    if (!isObject(value)) continue;
    for (const [part, inner] of Object.entries(value)) {
      if (isObject(inner)) modules.push(moduleOf(`${namespace}.${part}`, `Messages['${namespace}']['${part}']`));
    }
  }
  const one = "declare module 'virtual:message/*' {\n  const message: string;\n  export default message;\n}\n";
  return `${HEADER}\n${modules.join('')}${one}`;
}
