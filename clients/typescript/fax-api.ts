// A typed client of the public API, /v1 (decision 046), for integrators to copy. Its types are
// generated from the OpenAPI document (./schema.d.ts, by `npm run openapi:v1`, checked to be current
// by tests/architecture/openapi-v1.test.mjs); this file only calls fetch with them. No dependency.
import type { components, operations } from './schema';

export type Fax = components['schemas']['Fax'];
export type FaxBatch = components['schemas']['FaxBatch'];
export type FaxList = components['schemas']['FaxList'];
export type Contact = components['schemas']['Contact'];
export type ContactList = components['schemas']['ContactList'];
export type Account = components['schemas']['Account'];
export type FileObject = components['schemas']['File'];
export type NumberList = components['schemas']['NumberList'];
export type Problem = components['schemas']['Problem'];
export type SendFaxInput = components['schemas']['SendFaxInput'];
export type ContactInput = components['schemas']['ContactInput'];
export type ContactPatch = components['schemas']['ContactPatch'];
export type SandboxReceiveInput = components['schemas']['SandboxReceiveInput'];
export type SandboxWipe = components['schemas']['SandboxWipe'];
export type Event = components['schemas']['Event'];
export type EventList = components['schemas']['EventList'];
export type WebhookEndpoint = components['schemas']['WebhookEndpoint'];
export type WebhookEndpointWithSecret = components['schemas']['WebhookEndpointWithSecret'];
export type WebhookEndpointList = components['schemas']['WebhookEndpointList'];
export type WebhookEndpointInput = components['schemas']['WebhookEndpointInput'];
export type WebhookEndpointPatch = components['schemas']['WebhookEndpointPatch'];
export type WebhookAttemptList = components['schemas']['WebhookAttemptList'];
export type Redelivery = components['schemas']['Redelivery'];
type Query<O extends keyof operations> = operations[O]['parameters'] extends { query?: infer Q } ? NonNullable<Q> : never;

/** A failure of the API: its RFC 9457 problem, with the answer's status and headers. */
export class FaxApiError extends Error {
  constructor(
    readonly problem: Problem,
    readonly response: Response,
  ) {
    super(`${problem.status} ${problem.title}${problem.detail ? `: ${problem.detail}` : ''} (${problem.request_id})`);
  }
}

export interface FaxClientOptions {
  /** e.g. https://fax.example (the client adds /v1). */
  baseUrl: string;
  apiKey: string;
  fetch?: (request: Request) => Promise<Response>;
}

interface CallOptions {
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** Sent on every POST that creates something; a fresh one is made when none is given. */
  idempotencyKey?: string;
}

export function createFaxClient({ baseUrl, apiKey, fetch = (request) => globalThis.fetch(request) }: FaxClientOptions) {
  async function call<T>(method: string, path: string, options: CallOptions = {}): Promise<T> {
    const url = new URL(`${baseUrl.replace(/\/$/, '')}/v1${path}`);
    for (const [name, value] of Object.entries(options.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
    const headers = new Headers({ authorization: `Bearer ${apiKey}` });
    if (options.idempotencyKey) headers.set('idempotency-key', options.idempotencyKey);
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) body = options.body;
    else if (options.body !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(options.body);
    }
    const response = await fetch(new Request(url, { method, headers, body }));
    if (!response.ok) throw new FaxApiError((await response.json()) as Problem, response);
    return (response.headers.get('content-type')?.startsWith('application/json') ? response.json() : response.blob()) as Promise<T>;
  }
  const once = (key?: string) => key ?? crypto.randomUUID();
  const id = (value: string) => encodeURIComponent(value);

  return {
    getAccount: () => call<Account>('GET', '/account'),
    listNumbers: () => call<NumberList>('GET', '/numbers'),
    uploadFile: (file: Blob, name: string, idempotencyKey?: string) => {
      const form = new FormData();
      form.set('file', file, name);
      return call<FileObject>('POST', '/files', { body: form, idempotencyKey: once(idempotencyKey) });
    },
    sendFax: (input: SendFaxInput, idempotencyKey?: string) =>
      call<Fax | FaxBatch>('POST', '/faxes', { body: input, idempotencyKey: once(idempotencyKey) }),
    listFaxes: (query: Query<'listFaxes'> = {}) => call<FaxList>('GET', '/faxes', { query }),
    listReceivedFaxes: (query: Query<'listReceivedFaxes'> = {}) => call<FaxList>('GET', '/received_faxes', { query }),
    getFax: (faxId: string) => call<Fax>('GET', `/faxes/${id(faxId)}`),
    downloadFaxPdf: (faxId: string) => call<Blob>('GET', `/faxes/${id(faxId)}/pdf`),
    cancelFax: (faxId: string) => call<Fax>('POST', `/faxes/${id(faxId)}/cancel`),
    trashFax: (faxId: string) => call<Fax>('DELETE', `/faxes/${id(faxId)}`),
    listContacts: (query: Query<'listContacts'> = {}) => call<ContactList>('GET', '/contacts', { query }),
    getContact: (contactId: string) => call<Contact>('GET', `/contacts/${id(contactId)}`),
    createContact: (input: ContactInput, idempotencyKey?: string) =>
      call<Contact>('POST', '/contacts', { body: input, idempotencyKey: once(idempotencyKey) }),
    updateContact: (contactId: string, patch: ContactPatch) => call<Contact>('PATCH', `/contacts/${id(contactId)}`, { body: patch }),
    deleteContact: (contactId: string) => call<{ id: string; deleted: true }>('DELETE', `/contacts/${id(contactId)}`),
    // The sandbox (test keys only): a test fax received on demand, and the wipe of every sandbox fax.
    receiveSandboxFax: (input: Partial<SandboxReceiveInput> = {}, idempotencyKey?: string) =>
      call<Fax>('POST', '/sandbox/received_faxes', { body: input, idempotencyKey: once(idempotencyKey) }),
    wipeSandbox: () => call<SandboxWipe>('DELETE', '/sandbox'),
    listEvents: (query: Query<'listEvents'> = {}) => call<EventList>('GET', '/events', { query }),
    getEvent: (eventId: string) => call<Event>('GET', `/events/${id(eventId)}`),
    listWebhookEndpoints: () => call<WebhookEndpointList>('GET', '/webhook_endpoints'),
    createWebhookEndpoint: (input: WebhookEndpointInput, idempotencyKey?: string) =>
      call<WebhookEndpointWithSecret>('POST', '/webhook_endpoints', { body: input, idempotencyKey: once(idempotencyKey) }),
    getWebhookEndpoint: (endpointId: string) => call<WebhookEndpoint>('GET', `/webhook_endpoints/${id(endpointId)}`),
    updateWebhookEndpoint: (endpointId: string, patch: WebhookEndpointPatch) =>
      call<WebhookEndpoint>('PATCH', `/webhook_endpoints/${id(endpointId)}`, { body: patch }),
    deleteWebhookEndpoint: (endpointId: string) => call<{ id: string; deleted: true }>('DELETE', `/webhook_endpoints/${id(endpointId)}`),
    rotateWebhookSecret: (endpointId: string) =>
      call<WebhookEndpointWithSecret>('POST', `/webhook_endpoints/${id(endpointId)}/rotate_secret`),
    listWebhookAttempts: (endpointId: string, query: Query<'listWebhookAttempts'> = {}) =>
      call<WebhookAttemptList>('GET', `/webhook_endpoints/${id(endpointId)}/attempts`, { query }),
    /** One delivery again, or every failed one of the endpoint without `deliveryId`. */
    redeliverWebhooks: (endpointId: string, deliveryId?: string) =>
      call<Redelivery>('POST', `/webhook_endpoints/${id(endpointId)}/redeliver`, {
        body: deliveryId ? { delivery_id: deliveryId } : undefined,
      }),
  };
}

export type FaxClient = ReturnType<typeof createFaxClient>;
