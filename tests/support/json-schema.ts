import { type OutputUnit, Validator } from '@cfworker/json-schema';

// An answer checked against the OpenAPI document's own schema (JSON Schema 2020-12 in OpenAPI 3.1),
// by a validator that runs in workerd (no code generation): the document's components become $defs.

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas: Record<string, unknown> };
}

export interface OperationObject {
  operationId: string;
  'x-scope'?: string;
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}

export function schemaErrors(document: OpenApiDocument, schema: unknown, value: unknown): OutputUnit[] {
  const defs = JSON.parse(JSON.stringify(document.components.schemas).replaceAll('#/components/schemas/', '#/$defs/'));
  const root = JSON.parse(JSON.stringify(schema).replaceAll('#/components/schemas/', '#/$defs/'));
  const result = new Validator({ ...root, $defs: defs }, '2020-12', false).validate(value);
  return result.valid ? [] : result.errors;
}
