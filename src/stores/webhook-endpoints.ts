import { atom, map } from 'nanostores';
import type { WebhookAttemptView, WebhookEndpointView, WebhookEventType } from '../common/outgoing-webhook-rules';
import { type ApiFailure, api, call } from '../lib/api';
import { onTeardown } from './teardown';

// Settings › Developers › Webhooks (decision 047): the account's endpoints, rendered with the page
// and read again after each change; each endpoint's delivery log, read when it is opened.

export const $webhookEndpoints = atom<WebhookEndpointView[] | null>(null);

export type WebhookLog = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; attempts: WebhookAttemptView[] };

export const $webhookLogs = map<Record<string, WebhookLog>>({});

/** The secret to show once: after an endpoint is added or its secret rotated. */
export const $shownSecret = atom<{ endpointId: string; url: string; secret: string; rotated: boolean } | null>(null);

export function seedWebhookEndpoints(endpoints: WebhookEndpointView[] | null): void {
  if (endpoints && !$webhookEndpoints.get()) $webhookEndpoints.set(endpoints);
}

async function loadEndpoints(): Promise<void> {
  const result = await call(api.webhookEndpoints.$get());
  if (result.ok) $webhookEndpoints.set(result.data.endpoints);
}

onTeardown(() => {
  $webhookEndpoints.set(null);
  $webhookLogs.set({});
  $shownSecret.set(null);
});

export type WebhookOutcome = { ok: true } | ApiFailure;

export async function addWebhookEndpoint(input: { url: string; description: string; events: WebhookEventType[] }): Promise<WebhookOutcome> {
  const result = await call(api.addWebhookEndpoint.$post({ json: input }));
  if (!result.ok) return result;
  $shownSecret.set({ endpointId: result.data.endpoint.id, url: result.data.endpoint.url, secret: result.data.secret, rotated: false });
  await loadEndpoints();
  return { ok: true };
}

export async function rotateWebhookSecret(endpointId: string): Promise<WebhookOutcome> {
  const result = await call(api.rotateWebhookSecret.$post({ json: { endpointId } }));
  if (!result.ok) return result;
  $shownSecret.set({ endpointId, url: result.data.endpoint.url, secret: result.data.secret, rotated: true });
  await loadEndpoints();
  return { ok: true };
}

export function forgetShownSecret(): void {
  $shownSecret.set(null);
}

export async function setWebhookEndpointEnabled(endpointId: string, enabled: boolean): Promise<WebhookOutcome> {
  const result = await call(api.editWebhookEndpoint.$post({ json: { endpointId, enabled } }));
  if (!result.ok) return result;
  await loadEndpoints();
  return { ok: true };
}

export async function deleteWebhookEndpoint(endpointId: string): Promise<WebhookOutcome> {
  const result = await call(api.deleteWebhookEndpoint.$post({ json: { endpointId } }));
  if (!result.ok) return result;
  $webhookLogs.setKey(endpointId, undefined as never);
  await loadEndpoints();
  return { ok: true };
}

/** Reads an endpoint's delivery log (newest first). */
export async function loadWebhookLog(endpointId: string): Promise<void> {
  if (!$webhookLogs.get()[endpointId]) $webhookLogs.setKey(endpointId, { kind: 'loading' });
  const result = await call(api.webhookEndpoints[':endpointId'].attempts.$get({ param: { endpointId }, query: {} }));
  $webhookLogs.setKey(endpointId, result.ok ? { kind: 'ready', attempts: result.data.attempts } : { kind: 'failed' });
}

export function closeWebhookLog(endpointId: string): void {
  $webhookLogs.setKey(endpointId, undefined as never);
}

/** Reads the log again a few times while what was just sent is on its way (it goes through a queue). */
async function followLog(endpointId: string): Promise<void> {
  for (const wait of [300, 700, 1500, 3000]) {
    await new Promise((resolve) => setTimeout(resolve, wait));
    if ($webhookLogs.get()[endpointId]) await loadWebhookLog(endpointId);
  }
  await loadEndpoints();
}

export async function sendTestWebhook(endpointId: string): Promise<WebhookOutcome> {
  const result = await call(api.sendTestWebhook.$post({ json: { endpointId } }));
  if (!result.ok) return result;
  if (!$webhookLogs.get()[endpointId]) $webhookLogs.setKey(endpointId, { kind: 'loading' });
  void followLog(endpointId);
  return { ok: true };
}

export async function redeliverWebhooks(endpointId: string, deliveryId?: string): Promise<{ ok: true; count: number } | ApiFailure> {
  const result = await call(api.redeliverWebhooks.$post({ json: deliveryId ? { endpointId, deliveryId } : { endpointId } }));
  if (!result.ok) return result;
  void followLog(endpointId);
  return { ok: true, count: result.data.redelivered };
}
