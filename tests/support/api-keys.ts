import { exports } from 'cloudflare:workers';
import type { CreateApiKeyInput, CreatedApiKey } from '../../src/common/api-keys';
import { API_KEY_SCOPES } from '../../src/common/api-keys';
import { call, ORIGIN } from './client';

// API keys made through Settings' call, and /v1 called with them as an integrator's server would:
// a bearer key, no cookie, no Origin.

export async function createKey(cookie: string, input: Partial<CreateApiKeyInput> = {}): Promise<CreatedApiKey> {
  const response = await call('/api/createApiKey', {
    method: 'POST',
    cookie,
    body: { name: 'Test key', scopes: [...API_KEY_SCOPES], ...input },
  });
  if (response.status !== 201) throw new Error(`createApiKey: ${response.status} ${await response.text()}`);
  return (await response.json()) as CreatedApiKey;
}

export interface V1Options {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export function v1(path: string, key: string | null, options: V1Options = {}): Promise<Response> {
  const headers = new Headers(options.headers);
  if (key) headers.set('authorization', `Bearer ${key}`);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  return exports.default.fetch(new Request(`${ORIGIN}/v1${path}`, { method: options.method ?? 'GET', headers, body }));
}

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail?: string;
  request_id: string;
  errors?: Array<{ field: string; message: string }>;
}

export async function problemOf(response: Response): Promise<Problem> {
  if (!response.headers.get('content-type')?.startsWith('application/problem+json')) {
    throw new Error(`Not a problem: ${response.status} ${response.headers.get('content-type')} ${await response.text()}`);
  }
  return (await response.json()) as Problem;
}
