import developersMessages from 'virtual:messages/developers';
import errorsMessages from 'virtual:messages/errors';
import { type FormEvent, useId, useState } from 'react';
import { API_KEY_EXPIRY_DAYS, API_KEY_NAME_MAX, API_KEY_SCOPES, type ApiKeyScope } from '../../common/api-key-rules';
import { translator } from '../../i18n/translator';
import { createApiKey } from '../../stores/api-keys';
import Field from '../forms/Field';
import Modal from '../forms/Modal';

const t = translator({ developers: developersMessages, errors: errorsMessages });

/** "New API key": its name, kind, permissions and expiry; on success the key is shown once (NewApiKeyDialog). */
export default function CreateApiKeyDialog({ onClose }: { onClose: () => void }) {
  const ids = { heading: useId(), error: useId(), expiry: useId() };
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const scopes = form.getAll('scope').map(String) as ApiKeyScope[];
    if (scopes.length === 0) {
      setError(t('developers.chooseScope'));
      return;
    }
    const expiry = String(form.get('expiry') ?? '');
    setBusy(true);
    setError(null);
    const result = await createApiKey({
      name: String(form.get('name') ?? '').trim(),
      mode: form.get('mode') === 'test' ? 'test' : 'live',
      scopes,
      expiresInDays: (API_KEY_EXPIRY_DAYS as readonly number[]).includes(Number(expiry))
        ? (Number(expiry) as (typeof API_KEY_EXPIRY_DAYS)[number])
        : null,
    });
    setBusy(false);
    if (result.ok) onClose();
    else setError(t(`errors.${result.code}`));
  }

  return (
    <Modal labelledBy={ids.heading} className="api-key-dialog" onClose={() => busy || onClose()}>
      <form onSubmit={(event) => void submit(event)} aria-describedby={error ? ids.error : undefined}>
        <h2 id={ids.heading}>{t('developers.createHeading')}</h2>
        <Field
          label={t('developers.name')}
          name="name"
          required
          maxLength={API_KEY_NAME_MAX}
          hint={t('developers.nameHint')}
          autoComplete="off"
        />
        <fieldset className="api-key-choices">
          <legend>{t('developers.mode')}</legend>
          <div className="radio">
            <input id={`${ids.heading}-live`} type="radio" name="mode" value="live" defaultChecked />
            <label htmlFor={`${ids.heading}-live`}>{t('developers.modeLive')}</label>
          </div>
          <div className="radio">
            <input id={`${ids.heading}-test`} type="radio" name="mode" value="test" />
            <label htmlFor={`${ids.heading}-test`}>{t('developers.modeTest')}</label>
          </div>
        </fieldset>
        <fieldset className="api-key-choices">
          <legend>{t('developers.scopes')}</legend>
          {API_KEY_SCOPES.map((scope) => (
            <div className="field checkbox" key={scope}>
              <input
                id={`${ids.heading}-${scope}`}
                type="checkbox"
                name="scope"
                value={scope}
                defaultChecked={scope !== 'webhooks:manage'}
              />
              <label htmlFor={`${ids.heading}-${scope}`}>
                {t(`developers.scopeNames.${scope}`)} <code>{scope}</code>
              </label>
            </div>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor={ids.expiry}>{t('developers.expiry')}</label>
          <select id={ids.expiry} name="expiry" defaultValue="">
            <option value="">{t('developers.expiryNever')}</option>
            {API_KEY_EXPIRY_DAYS.map((days) => (
              <option key={days} value={days}>
                {t('developers.expiryDays', { days })}
              </option>
            ))}
          </select>
        </div>
        {error && (
          <p id={ids.error} className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button secondary" disabled={busy} onClick={onClose}>
            {t('developers.cancel')}
          </button>
          <button type="submit" className="button primary" disabled={busy} aria-busy={busy}>
            {busy ? t('developers.creating') : t('developers.create')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
