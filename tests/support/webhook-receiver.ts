import { vi } from 'vitest';
import type { WebhookAttemptView, WebhookEndpointCreated, WebhookEventType } from '../../src/common/outgoing-webhook-rules';
import { call } from './client';
import { waitFor } from './wait';

// The outside world for outgoing webhooks (decision 047): a customer's receiver at
// https://hooks.receiver.test/… (a name vitest.config.ts makes resolve to a public address),
// stood in for by a fetch stub. Only that host is stubbed; our own storage is never mocked.

export const RECEIVER_HOST = 'hooks.receiver.test';

export interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
  at: number;
}

export interface Receiver {
  url(path?: string): string;
  /** Requests that reached the receiver under `path`, in order. */
  received(path?: string): Received[];
  /** The status the receiver answers under `path` from now on (200 unless told). */
  answer(path: string, status: number): void;
}

/** Installs the stub (once per test: vitest restores spies between tests when configured, else call restore). */
export function webhookReceiver(): Receiver {
  const realFetch = globalThis.fetch;
  const log: Received[] = [];
  const statuses = new Map<string, number>();
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    const url = new URL(request.url);
    if (url.hostname !== RECEIVER_HOST) return realFetch(input as RequestInfo, init);
    const headers = Object.fromEntries(request.headers);
    log.push({ path: url.pathname, headers, body: await request.text(), at: Date.now() });
    const status = statuses.get(url.pathname) ?? 200;
    if (status === 204) return new Response(null, { status });
    return new Response(status < 300 ? 'ok' : 'receiver down', { status });
  });
  return {
    url: (path = '/hooks') => `https://${RECEIVER_HOST}${path}`,
    received: (path) => log.filter((entry) => path === undefined || entry.path === path),
    answer: (path, status) => statuses.set(path, status),
  };
}

export async function addEndpoint(
  cookie: string,
  url: string,
  events: WebhookEventType[] = ['fax.queued', 'fax.sending', 'fax.page_sent', 'fax.delivered', 'fax.failed'],
): Promise<WebhookEndpointCreated> {
  const response = await call('/api/addWebhookEndpoint', { method: 'POST', cookie, body: { url, events, description: 'test' } });
  if (response.status !== 201) throw new Error(`addWebhookEndpoint answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as WebhookEndpointCreated;
}

export async function attemptsOf(cookie: string, endpointId: string): Promise<WebhookAttemptView[]> {
  const response = await call(`/api/webhookEndpoints/${endpointId}/attempts`, { cookie });
  if (response.status !== 200) throw new Error(`attempts answered ${response.status}`);
  return ((await response.json()) as { attempts: WebhookAttemptView[] }).attempts;
}

/** Waits until the endpoint's log holds `count` attempts; answers them oldest first. */
export async function waitForAttempts(cookie: string, endpointId: string, count: number): Promise<WebhookAttemptView[]> {
  return waitFor(
    async () => {
      const attempts = await attemptsOf(cookie, endpointId);
      return attempts.length >= count ? attempts.reverse() : null;
    },
    { timeoutMs: 30_000, what: `${count} webhook attempts` },
  );
}
