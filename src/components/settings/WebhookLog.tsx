import type { WebhookAttemptView } from '../../common/outgoing-webhook-rules';
import { formatDateTime } from '../../i18n/dates';
import { type WebhookLog as Log, loadWebhookLog, redeliverWebhooks } from '../../stores/webhook-endpoints';
import { useTimeZone } from '../time/time-zone';
import type { Status } from './FormStatus';
import { t } from './webhook-text';

function answerOf(attempt: WebhookAttemptView): string {
  return attempt.responseStatus === null ? t('webhooks.noAnswer') : `HTTP ${attempt.responseStatus}`;
}

function AttemptRow({ attempt, onStatus }: { attempt: WebhookAttemptView; onStatus: (status: Status) => void }) {
  const timeZone = useTimeZone();
  const failed = attempt.deliveryState !== 'succeeded';
  async function again(): Promise<void> {
    onStatus({ kind: 'busy' });
    const result = await redeliverWebhooks(attempt.endpointId, attempt.deliveryId);
    onStatus(result.ok ? { kind: 'done', message: t('webhooks.redelivered') } : { kind: 'error', message: t(`errors.${result.code}`) });
  }
  return (
    <li className={`webhook-attempt ${attempt.responseStatus !== null && attempt.responseStatus < 300 ? 'ok' : 'failed'}`}>
      <div className="webhook-attempt-line">
        <span>{formatDateTime(attempt.at, timeZone)}</span>
        <code>{attempt.eventType}</code>
        <span>{answerOf(attempt)}</span>
        <span>{t('webhooks.latency', { ms: attempt.latencyMs })}</span>
        <span className="hint">
          {t(`webhooks.states.${attempt.deliveryState}`)} · {t('webhooks.attemptOf', { n: attempt.attempt })}
        </span>
        {failed && (
          <button type="button" className="button ghost small" onClick={() => void again()}>
            {t('webhooks.redeliver')}
          </button>
        )}
      </div>
      <details>
        <summary>{t('webhooks.details')}</summary>
        {attempt.error && <p className="hint">{t('webhooks.errorNote', { error: attempt.error })}</p>}
        <h4>{t('webhooks.request')}</h4>
        <pre>
          {`POST ${attempt.url}\n${Object.entries(attempt.requestHeaders)
            .map(([name, value]) => `${name}: ${value}`)
            .join('\n')}\n\n${attempt.requestBody}`}
        </pre>
        <h4>{t('webhooks.response')}</h4>
        <pre>{attempt.responseBody ?? '—'}</pre>
      </details>
    </li>
  );
}

/** An endpoint's attempts, newest first, each with its request and answer; failed ones can be sent again. */
export default function WebhookLog({ endpointId, log, onStatus }: { endpointId: string; log: Log; onStatus: (status: Status) => void }) {
  async function againAll(): Promise<void> {
    onStatus({ kind: 'busy' });
    const result = await redeliverWebhooks(endpointId);
    onStatus(
      result.ok
        ? { kind: 'done', message: t('webhooks.redeliverAllDone', { count: result.count }) }
        : { kind: 'error', message: t(`errors.${result.code}`) },
    );
  }
  return (
    <section className="webhook-log" aria-label={t('webhooks.logHeading')}>
      <div className="webhook-log-head">
        <h3>{t('webhooks.logHeading')}</h3>
        <div className="button-row">
          <button type="button" className="button ghost small" onClick={() => void loadWebhookLog(endpointId)}>
            {t('webhooks.refresh')}
          </button>
          <button type="button" className="button ghost small" onClick={() => void againAll()}>
            {t('webhooks.redeliverAll')}
          </button>
        </div>
      </div>
      {log.kind === 'loading' && <p className="muted">{t('webhooks.logLoading')}</p>}
      {log.kind === 'failed' && <p className="form-error">{t('webhooks.logFailed')}</p>}
      {log.kind === 'ready' &&
        (log.attempts.length === 0 ? (
          <p className="muted">{t('webhooks.logEmpty')}</p>
        ) : (
          <ul className="webhook-attempts">
            {log.attempts.map((attempt) => (
              <AttemptRow key={attempt.id} attempt={attempt} onStatus={onStatus} />
            ))}
          </ul>
        ))}
    </section>
  );
}
