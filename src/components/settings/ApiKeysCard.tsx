import developersMessages from 'virtual:messages/developers';
import errorsMessages from 'virtual:messages/errors';
import settingsMessages from 'virtual:messages/settings';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { type ApiKeyView, MAX_API_KEYS } from '../../common/api-key-rules';
import { formatDate } from '../../i18n/dates';
import { translator } from '../../i18n/translator';
import { $apiKeys, $newApiKey, revokeApiKey, seedApiKeys } from '../../stores/api-keys';
import ConfirmDialog from '../forms/ConfirmDialog';
import Icon from '../icons/Icon';
import { useSeededStore } from '../page-data/use-seeded-store';
import { useTimeZone } from '../time/time-zone';
import CreateApiKeyDialog from './CreateApiKeyDialog';
import FormStatus, { type Status } from './FormStatus';
import NewApiKeyDialog from './NewApiKeyDialog';
import SettingsSection from './SettingsSection';

const t = translator({ developers: developersMessages, errors: errorsMessages, settings: settingsMessages });

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKeyView; onRevoke: () => void }) {
  const timeZone = useTimeZone();
  const expired = apiKey.expiresAt !== null && apiKey.expiresAt <= Date.now();
  const when = (at: number) => formatDate(at, 'day', timeZone);
  return (
    <li className="api-key">
      <div className="api-key-text">
        <span className="api-key-name">
          {apiKey.name}
          {apiKey.mode === 'test' && <span className="pill">{t('developers.test')}</span>}
          {expired && <span className="pill bad">{t('developers.expired')}</span>}
        </span>
        <code className="api-key-mask">
          {apiKey.prefix}…{apiKey.lastFour}
        </code>
        <span className="hint">{apiKey.scopes.map((scope) => t(`developers.scopeNames.${scope}`)).join(' · ')}</span>
        <span className="hint">
          {t('developers.created', { when: when(apiKey.createdAt) })} ·{' '}
          {apiKey.lastUsedAt === null ? t('developers.neverUsed') : t('developers.lastUsed', { when: when(apiKey.lastUsedAt) })}
          {apiKey.expiresAt !== null && !expired && <> · {t('developers.expires', { when: when(apiKey.expiresAt) })}</>}
        </span>
      </div>
      <button type="button" className="button ghost small" aria-label={`${t('developers.revoke')} ${apiKey.name}`} onClick={onRevoke}>
        {t('developers.revoke')}
      </button>
    </li>
  );
}

/** The account's API keys: each listed by name, prefix and last four; made here, shown once, revoked here. */
export default function ApiKeysCard({ rendered }: { rendered: ApiKeyView[] }) {
  const keys = useSeededStore($apiKeys, rendered, () => seedApiKeys(rendered)) ?? rendered;
  const created = useStore($newApiKey);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  async function revoke(key: ApiKeyView): Promise<void> {
    setBusy(true);
    const result = await revokeApiKey(key.id);
    setBusy(false);
    setRevoking(null);
    setStatus(
      result.ok
        ? { kind: 'done', message: t('developers.revoked', { name: key.name }) }
        : { kind: 'error', message: t(`errors.${result.code}`) },
    );
  }

  return (
    <SettingsSection id="api-keys" title={t('developers.keysHeading')} description={t('developers.keysAbout')}>
      <p className="api-key-links">
        <a href="/developers">{t('developers.referenceLink')}</a>
      </p>
      {keys.length === 0 ? (
        <p className="api-keys-empty">{t('developers.empty')}</p>
      ) : (
        <ul className="api-keys" aria-label={t('developers.keysHeading')}>
          {keys.map((key) => (
            <KeyRow key={key.id} apiKey={key} onRevoke={() => setRevoking(key)} />
          ))}
        </ul>
      )}
      {status.kind !== 'idle' && <FormStatus status={status} />}
      <div className="settings-card-foot">
        <button
          type="button"
          className="button primary"
          disabled={keys.length >= MAX_API_KEYS}
          onClick={() => {
            setStatus({ kind: 'idle' });
            setCreating(true);
          }}
        >
          <Icon name="plus" />
          {t('developers.create')}
        </button>
      </div>
      {creating && <CreateApiKeyDialog onClose={() => setCreating(false)} />}
      {created && <NewApiKeyDialog created={created} />}
      {revoking && (
        <ConfirmDialog
          title={t('developers.revokeHeading', { name: revoking.name })}
          detail={t('developers.revokeText')}
          confirmLabel={t('developers.revokeConfirm')}
          cancelLabel={t('developers.cancel')}
          busy={busy}
          onConfirm={() => void revoke(revoking)}
          onCancel={() => setRevoking(null)}
        />
      )}
    </SettingsSection>
  );
}
