import passkeysMessages from 'virtual:messages/passkeys';
import { type FormEvent, useId, useState } from 'react';
import { PASSKEY_NAME_MAX_LENGTH, type PasskeyView } from '../../common/passkey-rules';
import { translator } from '../../i18n/translator';
import { api, call } from '../../lib/api';
import { errorSentence } from '../../lib/error-sentence';
import type { PasskeyResult } from '../../lib/passkey-ceremonies';
import { askForSecondFactor } from '../../stores/step-up';
import LocalTime from '../time/LocalTime';
import FormStatus, { type Status } from './FormStatus';
import SettingsSection from './SettingsSection';

const t = translator({ passkeys: passkeysMessages });

/** Sends a change again once step-up was answered (decision 044), as the other Security forms do. */
async function withStepUp<T extends { ok: boolean; code?: string }>(send: () => Promise<T>): Promise<T> {
  const first = await send();
  if (!first.ok && first.code === 'STEP_UP_REQUIRED' && (await askForSecondFactor())) return send();
  return first;
}

/** Settings › Security › Passkeys (decision 045): the account's passkeys, added, renamed and removed here. */
export default function PasskeysCard({ rendered }: { rendered: PasskeyView[] }) {
  const [passkeys, setPasskeys] = useState(rendered);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [renaming, setRenaming] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const listId = useId();

  async function add(): Promise<void> {
    setStatus({ kind: 'busy' });
    let result: PasskeyResult<{ passkey: PasskeyView }>;
    try {
      const lib = await import('../../lib/passkey-ceremonies');
      if (!lib.passkeysWork()) {
        setStatus({ kind: 'error', message: t('passkeys.unsupported') });
        return;
      }
      result = await withStepUp(async () => {
        const answer = await lib.addPasskey();
        return 'cancelled' in answer ? { ...answer, code: undefined } : answer;
      });
    } catch {
      setStatus({ kind: 'error', message: t('passkeys.cancelled') });
      return;
    }
    if (result.ok) {
      const added = result.data.passkey;
      setPasskeys((list) => [...list, added]);
      setStatus({ kind: 'done', message: t('passkeys.toastAdded') });
      return;
    }
    setStatus({ kind: 'error', message: 'cancelled' in result ? t('passkeys.cancelled') : await errorSentence(result) });
  }

  async function remove(passkey: PasskeyView): Promise<void> {
    setRemoving(null);
    setStatus({ kind: 'busy' });
    const result = await withStepUp(() => call(api.removePasskey.$post({ json: { id: passkey.id } })));
    if (result.ok) {
      setPasskeys((list) => list.filter((p) => p.id !== passkey.id));
      setStatus({ kind: 'done', message: t('passkeys.toastRemoved') });
      return;
    }
    setStatus({ kind: 'error', message: await errorSentence(result) });
  }

  async function rename(event: FormEvent<HTMLFormElement>, passkey: PasskeyView): Promise<void> {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '');
    setStatus({ kind: 'busy' });
    const result = await call(api.renamePasskey.$post({ json: { id: passkey.id, name } }));
    if (result.ok) {
      const renamed = result.data.passkey;
      setPasskeys((list) => list.map((p) => (p.id === renamed.id ? renamed : p)));
      setRenaming(null);
      setStatus({ kind: 'done', message: t('passkeys.toastRenamed') });
      return;
    }
    setStatus({ kind: 'error', message: await errorSentence(result) });
  }

  const busy = status.kind === 'busy';
  return (
    <SettingsSection id="passkeys" title={t('passkeys.heading')} description={t('passkeys.text')}>
      {passkeys.length === 0 ? (
        <p className="muted">{t('passkeys.empty')}</p>
      ) : (
        <ul className="passkey-list" aria-label={t('passkeys.listLabel')} id={listId}>
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="passkey-row">
              {removing === passkey.id ? (
                <div className="passkey-remove">
                  <p>{t('passkeys.removeConfirm', { name: passkey.name })}</p>
                  <div className="button-row">
                    <button type="button" className="button danger" disabled={busy} onClick={() => void remove(passkey)}>
                      {t('passkeys.remove')}
                    </button>
                    <button type="button" className="button secondary" onClick={() => setRemoving(null)}>
                      {t('passkeys.cancel')}
                    </button>
                  </div>
                </div>
              ) : renaming === passkey.id ? (
                <form className="passkey-rename" onSubmit={(event) => void rename(event, passkey)}>
                  <label className="field">
                    <span>{t('passkeys.nameLabel')}</span>
                    <input
                      name="name"
                      defaultValue={passkey.name}
                      maxLength={PASSKEY_NAME_MAX_LENGTH}
                      required
                      // biome-ignore lint/a11y/noAutofocus: the field appears because the person asked to rename.
                      autoFocus
                    />
                  </label>
                  <div className="button-row">
                    <button type="submit" className="button primary" disabled={busy}>
                      {t('passkeys.save')}
                    </button>
                    <button type="button" className="button secondary" onClick={() => setRenaming(null)}>
                      {t('passkeys.cancel')}
                    </button>
                  </div>
                </form>
              ) : (
                <>
                  <div className="passkey-about">
                    <strong className="passkey-name">{passkey.name}</strong>
                    <span className="muted">
                      {`${t('passkeys.created')} `}
                      <LocalTime at={passkey.createdAt} style="day" />
                      {' · '}
                      {passkey.lastUsedAt === null ? (
                        t('passkeys.neverUsed')
                      ) : (
                        <>
                          {`${t('passkeys.lastUsed')} `}
                          <LocalTime at={passkey.lastUsedAt} style="day" />
                        </>
                      )}
                    </span>
                    <span className="muted">
                      {[passkey.device, passkey.synced ? t('passkeys.synced') : t('passkeys.deviceOnly')].filter(Boolean).join(' · ')}
                    </span>
                  </div>
                  <div className="button-row">
                    <button
                      type="button"
                      className="button secondary"
                      disabled={busy}
                      aria-label={`${t('passkeys.rename')}: ${passkey.name}`}
                      onClick={() => setRenaming(passkey.id)}
                    >
                      {t('passkeys.rename')}
                    </button>
                    <button
                      type="button"
                      className="button secondary"
                      disabled={busy}
                      aria-label={`${t('passkeys.remove')}: ${passkey.name}`}
                      onClick={() => {
                        setRenaming(null);
                        setRemoving(passkey.id);
                      }}
                    >
                      {t('passkeys.remove')}
                    </button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="settings-card-foot">
        <FormStatus status={status} />
        <div className="button-row">
          <button type="button" className="button primary" disabled={busy} onClick={() => void add()}>
            {busy ? t('passkeys.waiting') : t('passkeys.add')}
          </button>
        </div>
      </div>
    </SettingsSection>
  );
}
