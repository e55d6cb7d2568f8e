import { useStore } from '@nanostores/react';
import { type FormEvent, useState } from 'react';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_LIMITS, type WebhookEndpointView, type WebhookEventType } from '../../common/outgoing-webhook-rules';
import {
  $shownSecret,
  $webhookEndpoints,
  addWebhookEndpoint,
  forgetShownSecret,
  seedWebhookEndpoints,
} from '../../stores/webhook-endpoints';
import Field from '../forms/Field';
import { useSeededStore } from '../page-data/use-seeded-store';
import FormStatus, { type Status } from './FormStatus';
import SaveStatus from './SaveStatus';
import SettingsSection from './SettingsSection';
import WebhookEndpointRow from './WebhookEndpointRow';
import { t } from './webhook-text';

/** The dictionary's key of an event's name (a key with a dot in it would be read as a path). */
function eventKey<T extends WebhookEventType>(type: T): T extends `${infer A}.${infer B}` ? `${A}_${B}` : never {
  return type.replace('.', '_') as never;
}

/** The secret of an endpoint just added or rotated, shown once with a Copy button. */
function ShownSecret() {
  const shown = useStore($shownSecret);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  if (!shown) return null;
  async function copySecret(secret: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  }
  return (
    <section className="webhook-secret" aria-labelledby="webhook-secret-heading">
      <h3 id="webhook-secret-heading">{t('webhooks.secretHeading')}</h3>
      <p>{t('webhooks.secretOnce', { url: shown.url })}</p>
      {shown.rotated && <p>{t('webhooks.secretRotated')}</p>}
      <code className="webhook-secret-value">{shown.secret}</code>
      <div className="button-row">
        <button type="button" className="button secondary small" onClick={() => void copySecret(shown.secret)}>
          {t('webhooks.copy')}
        </button>
        <button
          type="button"
          className="button ghost small"
          onClick={() => {
            setCopy('idle');
            forgetShownSecret();
          }}
        >
          {t('webhooks.secretDone')}
        </button>
        <span role="status" className="hint">
          {copy === 'copied' ? t('webhooks.copied') : copy === 'failed' ? t('webhooks.copyFailed') : ''}
        </span>
      </div>
    </section>
  );
}

function AddEndpointForm({ onStatus, status }: { onStatus: (status: Status) => void; status: Status }) {
  const [failed, setFailed] = useState(false);
  async function add(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const events = data.getAll('events').map(String) as WebhookEventType[];
    onStatus({ kind: 'busy' });
    const result = await addWebhookEndpoint({
      url: String(data.get('url') ?? '').trim(),
      description: String(data.get('description') ?? '').trim(),
      events,
    });
    setFailed(!result.ok);
    if (result.ok) form.reset();
    onStatus(result.ok ? { kind: 'done', message: t('webhooks.added') } : { kind: 'error', message: t(`errors.${result.code}`) });
  }
  return (
    <form className="webhook-add" onSubmit={(event) => void add(event)}>
      <Field
        label={t('webhooks.url')}
        name="url"
        type="url"
        inputMode="url"
        placeholder="https://"
        required
        maxLength={WEBHOOK_LIMITS.url}
        hint={t('webhooks.urlHint')}
        error={status.kind === 'error' && failed ? status.message : null}
      />
      <Field
        label={t('webhooks.description')}
        name="description"
        maxLength={WEBHOOK_LIMITS.description}
        hint={t('webhooks.descriptionHint')}
      />
      <fieldset className="webhook-events">
        <legend>{t('webhooks.events')}</legend>
        <p className="hint">{t('webhooks.eventsHint')}</p>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type} className="checkbox">
            <input type="checkbox" name="events" value={type} defaultChecked={type.startsWith('fax.')} />
            <span>{t(`webhooks.eventNames.${eventKey(type)}`)}</span>
          </label>
        ))}
      </fieldset>
      <div className="settings-card-foot">
        <SaveStatus status={status} />
        <button type="submit" className="button secondary" disabled={status.kind === 'busy'}>
          {t('webhooks.add')}
        </button>
      </div>
    </form>
  );
}

/**
 * Settings › Developers › Webhooks (decision 047): the endpoints the account's software listens
 * at, each with its events, a test event, its delivery log, secret rotation, on/off and delete.
 */
export default function WebhookEndpoints({ rendered }: { rendered: WebhookEndpointView[] }) {
  const endpoints = useSeededStore($webhookEndpoints, rendered, () => seedWebhookEndpoints(rendered));
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [rowStatus, setRowStatus] = useState<Status>({ kind: 'idle' });
  return (
    <SettingsSection id="webhooks" title={t('webhooks.heading')} description={t('webhooks.intro')}>
      {endpoints === null ? (
        <p className="muted">{t('settings.loading')}</p>
      ) : (
        <>
          <ShownSecret />
          {endpoints.length === 0 ? (
            <p className="webhook-none">{t('webhooks.none')}</p>
          ) : (
            <ul className="webhook-endpoints" aria-label={t('webhooks.listLabel')}>
              {endpoints.map((endpoint) => (
                <WebhookEndpointRow key={endpoint.id} endpoint={endpoint} onStatus={setRowStatus} />
              ))}
            </ul>
          )}
          {rowStatus.kind === 'done' && <FormStatus status={rowStatus} />}
          {rowStatus.kind === 'error' && <FormStatus status={rowStatus} />}
          {endpoints.length < WEBHOOK_LIMITS.endpoints ? (
            <AddEndpointForm status={status} onStatus={setStatus} />
          ) : (
            <p className="muted">{t('webhooks.full', { max: WEBHOOK_LIMITS.endpoints })}</p>
          )}
        </>
      )}
    </SettingsSection>
  );
}
