import googleMessages from 'virtual:messages/google';
import { type FormEvent, useId, useState } from 'react';
import { DISPLAY_NAME_MAX_LENGTH } from '../../common/password-rules';
import { translator } from '../../i18n/translator';
import { api, call } from '../../lib/api';
import { googleSignInError } from '../auth/google-errors';
import { pathAfterSignIn } from '../auth/sign-in-path';

const t = translator({ google: googleMessages });

interface Props {
  /** The raw `redirect` query value; only a path on this site is followed. */
  redirect: string | null;
}

/**
 * The local stand-in's "Google" screen (dev tools only): asks the Worker for an ID token for the
 * typed e-mail, then signs in with it exactly as the real button's callback does.
 */
export default function DevGoogleForm({ redirect }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { email: useId(), name: useId(), verified: useId(), error: useId() };

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get('name') ?? '').trim();
    setBusy(true);
    setError(null);
    const issued = await call(
      api.devGoogleToken.$post({
        json: { email: String(form.get('email') ?? ''), name: name || undefined, emailVerified: form.get('verified') === 'on' },
      }),
    );
    const result = issued.ok ? await call(api.login.$post({ json: { token: issued.data.credential } })) : issued;
    if (result.ok) {
      window.location.assign(pathAfterSignIn(redirect, result.data));
      return;
    }
    setBusy(false);
    setError(googleSignInError(result.code));
  }

  return (
    <form className="card auth-form" onSubmit={submit} aria-describedby={error ? ids.error : undefined}>
      {error && (
        <p className="form-error" role="alert" id={ids.error}>
          {error}
        </p>
      )}
      <div className="field">
        <label htmlFor={ids.email}>{t('google.devEmail')}</label>
        <input id={ids.email} name="email" type="email" autoComplete="email" required />
      </div>
      <div className="field">
        <label htmlFor={ids.name}>{t('google.devName')}</label>
        <input id={ids.name} name="name" type="text" autoComplete="name" maxLength={DISPLAY_NAME_MAX_LENGTH} />
      </div>
      <div className="field checkbox">
        <input id={ids.verified} name="verified" type="checkbox" defaultChecked />
        <label htmlFor={ids.verified}>{t('google.devVerified')}</label>
      </div>
      <button type="submit" className="button primary wide" disabled={busy}>
        {busy ? t('google.working') : t('google.devSubmit')}
      </button>
    </form>
  );
}
