// The import check of docs/architecture.md fails on a forbidden import and passes clean code:
// dependency-cruiser runs with the project's own rules over two small trees.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const config = join(here, '..', '..', '.dependency-cruiser.cjs');
// Run with this test's own Node (24 under npm test); dependency-cruiser refuses older ones.
const depcruise = join(here, '..', '..', 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruiser.mjs');

function cruise(fixture) {
  const run = spawnSync(process.execPath, [depcruise, 'worker', 'src', '--config', config, '--output-type', 'err'], {
    cwd: join(here, 'fixtures', fixture),
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

test('a forbidden import, a runtime cycle and the site loading Worker code each fail the check', () => {
  const { status, output } = cruise('forbidden');
  assert.notEqual(status, 0, output);
  assert.match(output, /domain-is-pure: worker\/domain\/fax-rule\.ts → worker\/db\/fax-rows\.ts/);
  assert.match(output, /no-runtime-cycle: worker\/fax\/(first|second)\.ts/);
  assert.match(output, /site-imports-worker-types-only: src\/stores\/reach-into-worker\.ts → worker\/db\/fax-rows\.ts/);
  assert.match(output, /user-store-below-live: worker\/user-store\/fax-methods\.ts → worker\/fax\/first\.ts/);
});

test('type-only imports across rooms, and a feature calling the user store, pass the check', () => {
  const { status, output } = cruise('allowed');
  assert.equal(status, 0, output);
});
