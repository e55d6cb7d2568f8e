import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { WebhookEndpointView } from '../../common/outgoing-webhook-rules';
import { formatDateTime } from '../../i18n/dates';
import {
  $webhookLogs,
  closeWebhookLog,
  deleteWebhookEndpoint,
  loadWebhookLog,
  rotateWebhookSecret,
  sendTestWebhook,
  setWebhookEndpointEnabled,
  type WebhookOutcome,
} from '../../stores/webhook-endpoints';
import Icon from '../icons/Icon';
import { useTimeZone } from '../time/time-zone';
import type { Status } from './FormStatus';
import WebhookLog from './WebhookLog';
import { t } from './webhook-text';

type Asking = 'delete' | 'rotate' | null;

/** One endpoint: its address, events and state, its actions, and its delivery log when opened. */
export default function WebhookEndpointRow({ endpoint, onStatus }: { endpoint: WebhookEndpointView; onStatus: (status: Status) => void }) {
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<Asking>(null);
  const log = useStore($webhookLogs)[endpoint.id];
  const timeZone = useTimeZone();
  const url = endpoint.url;

  async function act(run: () => Promise<WebhookOutcome>, done: string): Promise<void> {
    setBusy(true);
    setAsking(null);
    onStatus({ kind: 'busy' });
    const result = await run();
    setBusy(false);
    onStatus(result.ok ? { kind: 'done', message: done } : { kind: 'error', message: t(`errors.${result.code}`) });
  }

  const label = (action: string) => t('webhooks.actionsFor', { action, url });
  return (
    <li className="webhook-endpoint">
      <div className="webhook-endpoint-text">
        <span className="webhook-url">{url}</span>
        {endpoint.description && <span className="hint">{endpoint.description}</span>}
        <span className="webhook-state">
          {endpoint.enabled ? (
            <span className="pill ok">
              <Icon name="circle-check" />
              {t('webhooks.on')}
            </span>
          ) : (
            <span className="pill">
              <Icon name="ban" />
              {endpoint.disabledReason === 'failing' ? t('webhooks.failingOff') : t('webhooks.off')}
            </span>
          )}
          {endpoint.enabled && endpoint.failingSince !== null && (
            <span className="hint">{t('webhooks.failingSince', { when: formatDateTime(endpoint.failingSince, timeZone) })}</span>
          )}
        </span>
        <span className="hint webhook-event-list">{endpoint.events.join(', ')}</span>
      </div>
      {asking ? (
        <fieldset className="button-row webhook-ask">
          <legend className="visually-hidden">{t(asking === 'delete' ? 'webhooks.delete' : 'webhooks.rotate')}</legend>
          <p>{t(asking === 'delete' ? 'webhooks.deleteConfirm' : 'webhooks.rotateConfirm', { url })}</p>
          <button
            type="button"
            className={asking === 'delete' ? 'button danger small' : 'button secondary small'}
            disabled={busy}
            onClick={() =>
              void (asking === 'delete'
                ? act(() => deleteWebhookEndpoint(endpoint.id), t('webhooks.deleted'))
                : act(() => rotateWebhookSecret(endpoint.id), t('webhooks.secretHeading')))
            }
          >
            {t(asking === 'delete' ? 'webhooks.delete' : 'webhooks.rotate')}
          </button>
          <button type="button" className="button ghost small" onClick={() => setAsking(null)}>
            {t('webhooks.cancel')}
          </button>
        </fieldset>
      ) : (
        <div className="button-row">
          <button
            type="button"
            className="button secondary small"
            disabled={busy}
            aria-label={label(t('webhooks.sendTest'))}
            onClick={() => void act(() => sendTestWebhook(endpoint.id), t('webhooks.testSent', { url }))}
          >
            {t('webhooks.sendTest')}
          </button>
          <button
            type="button"
            className="button secondary small"
            aria-expanded={Boolean(log)}
            aria-label={label(t(log ? 'webhooks.hideLog' : 'webhooks.showLog'))}
            onClick={() => (log ? closeWebhookLog(endpoint.id) : void loadWebhookLog(endpoint.id))}
          >
            {t(log ? 'webhooks.hideLog' : 'webhooks.showLog')}
          </button>
          <button
            type="button"
            className="button ghost small"
            disabled={busy}
            aria-label={label(t(endpoint.enabled ? 'webhooks.turnOff' : 'webhooks.turnOn'))}
            onClick={() =>
              void act(
                () => setWebhookEndpointEnabled(endpoint.id, !endpoint.enabled),
                t(endpoint.enabled ? 'webhooks.turnedOff' : 'webhooks.turnedOn'),
              )
            }
          >
            {t(endpoint.enabled ? 'webhooks.turnOff' : 'webhooks.turnOn')}
          </button>
          <button
            type="button"
            className="button ghost small"
            disabled={busy}
            aria-label={label(t('webhooks.rotate'))}
            onClick={() => setAsking('rotate')}
          >
            {t('webhooks.rotate')}
          </button>
          <button
            type="button"
            className="button ghost small"
            disabled={busy}
            aria-label={label(t('webhooks.delete'))}
            onClick={() => setAsking('delete')}
          >
            {t('webhooks.delete')}
          </button>
        </div>
      )}
      {log && <WebhookLog endpointId={endpoint.id} log={log} onStatus={onStatus} />}
    </li>
  );
}
