// Writes docs/openapi-v1.json, the document GET /v1/openapi.json serves (decision 046), by running the
// contract test with VITE_OPENAPI_PRINT set (the Worker generates it, as it does when served), then
// the typed client's clients/typescript/schema.d.ts from it. The contract test fails while the kept
// document and the served one differ; tests/architecture/openapi-v1.test.mjs while the types lag.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { clientSchemaSource } from './openapi-client.mjs';

const run = spawnSync('npx', ['vitest', 'run', 'tests/integration/v1-contract.test.ts', '-t', 'prints the served document'], {
  env: { ...process.env, VITE_OPENAPI_PRINT: '1' },
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
const match = /<<<OPENAPI\n([\s\S]*?)\nOPENAPI>>>/.exec(run.stdout + run.stderr);
if (!match) {
  process.stderr.write(run.stdout + run.stderr);
  throw new Error('The contract test printed no document');
}
writeFileSync('docs/openapi-v1.json', `${JSON.stringify(JSON.parse(match[1]), null, 2)}\n`);
// In the project's own format, so `npm run lint` passes on the file as written.
spawnSync('npx', ['biome', 'format', '--write', 'docs/openapi-v1.json'], { stdio: 'inherit' });
// The typed client's types, generated from the document as written (tests/architecture/openapi-v1.test.mjs checks them).
writeFileSync('clients/typescript/schema.d.ts', await clientSchemaSource());
console.log('docs/openapi-v1.json and clients/typescript/schema.d.ts written');
