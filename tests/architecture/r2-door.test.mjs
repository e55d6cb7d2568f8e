// The house rule "storage/ is the one door to R2" (docs/architecture.md), which the import check
// cannot see: R2 is reached through the DOCUMENTS binding on `env`, not through an import. So this
// reads every Worker file and fails on a DOCUMENTS use outside worker/storage/.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const worker = join(root, 'worker');
// The binding's declaration and the configuration's comment about bindings name it without using it.
const DECLARATIONS = new Set(['worker/worker-configuration.d.ts', 'worker/env.ts']);

function* typeScriptFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* typeScriptFiles(path);
    else if (entry.name.endsWith('.ts')) yield path;
  }
}

/** `file:line` of each use of the R2 binding or the R2 bucket type in `source`. */
function r2Uses(file, source) {
  return source.split('\n').flatMap((line, i) => (/\bDOCUMENTS\.|\bR2Bucket\b/.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}

test('the rule notices a DOCUMENTS call and a bucket passed around', () => {
  assert.equal(r2Uses('x.ts', 'const o = await env.DOCUMENTS.get(key);').length, 1);
  assert.equal(r2Uses('x.ts', 'function f(bucket: R2Bucket) {}').length, 1);
  assert.equal(r2Uses('x.ts', "import { readObject } from '../storage/bucket';").length, 0);
});

test('only worker/storage/ touches R2', () => {
  const offenders = [];
  for (const path of typeScriptFiles(worker)) {
    const file = relative(root, path).replaceAll('\\', '/');
    if (file.startsWith('worker/storage/') || DECLARATIONS.has(file)) continue;
    offenders.push(...r2Uses(file, readFileSync(path, 'utf8')));
  }
  assert.deepEqual(offenders, [], 'R2 reached outside worker/storage/: use worker/storage/bucket.ts');
});
