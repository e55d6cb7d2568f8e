import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Plugin } from 'vite';

// The real-world corpus (tests/fixtures/real-world/) as a module the tests import inside workerd,
// which has no file system: the manifest, and each file's bytes in base64.

const ID = 'virtual:real-world-corpus';
const RESOLVED = `\0${ID}`;

function filesUnder(root: string, dir = root): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(root, path) : [relative(root, path)];
  });
}

export function realWorldCorpusPlugin(root: string): Plugin {
  return {
    name: 'real-world-corpus',
    resolveId: (id) => (id === ID ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      const files = Object.fromEntries(
        filesUnder(root)
          .filter((path) => !path.endsWith('.mjs') && !path.endsWith('.md') && path !== 'manifest.json')
          .map((path) => [path, readFileSync(join(root, path)).toString('base64')]),
      );
      const manifest = JSON.parse(readFileSync(join(root, 'manifest.json'), 'utf8'));
      return `export const manifest = ${JSON.stringify(manifest)};\nexport const files = ${JSON.stringify(files)};\n`;
    },
  };
}
