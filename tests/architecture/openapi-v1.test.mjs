// The public API's description (decision 046): docs/openapi-v1.json — the document GET /v1/openapi.json
// serves, kept current by tests/integration/v1-contract.test.ts — is valid OpenAPI 3.1, checked by an
// independent validator (Ajv needs code generation, which workerd refuses, so this runs in Node).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';

test('docs/openapi-v1.json is a valid OpenAPI 3.1 document', async () => {
  const document = JSON.parse(readFileSync('docs/openapi-v1.json', 'utf8'));
  const validator = new Validator();
  const result = await validator.validate(document);
  assert.equal(validator.version, '3.1');
  assert.deepEqual(result.errors ?? [], []);
  assert.equal(result.valid, true);
});

test('every operation names its id, a scope-aware 401 and a 429', () => {
  const document = JSON.parse(readFileSync('docs/openapi-v1.json', 'utf8'));
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      assert.ok(operation.operationId, `${method} ${path} has an operationId`);
      for (const status of ['401', '429']) assert.ok(operation.responses[status], `${method} ${path} documents ${status}`);
    }
  }
});

test('clients/typescript/schema.d.ts is what the document generates', async () => {
  const { clientSchemaSource } = await import('../../scripts/openapi-client.mjs');
  assert.equal(
    readFileSync('clients/typescript/schema.d.ts', 'utf8'),
    await clientSchemaSource(),
    'clients/typescript/schema.d.ts is out of date: run `npm run openapi:v1`',
  );
});
