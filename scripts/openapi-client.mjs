// The typed client's types (clients/typescript/schema.d.ts), generated from docs/openapi-v1.json by
// openapi-typescript; npm run openapi:v1 writes them and tests/architecture/openapi-v1.test.mjs
// fails when the kept file is not what the document generates.
import { readFileSync } from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';

export async function clientSchemaSource() {
  const document = JSON.parse(readFileSync('docs/openapi-v1.json', 'utf8'));
  const ast = await openapiTS(document);
  return `/**\n * Generated from docs/openapi-v1.json by openapi-typescript (npm run openapi:v1). Do not edit.\n */\n\n${astToString(ast)}`;
}
