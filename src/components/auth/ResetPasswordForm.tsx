import recoverMessages from 'virtual:messages/recover';
import { type FormEvent, useId, useState } from 'react';
import { safeRedirectPath } from '../../common/routes';
import { translator } from '../../i18n/translator';
import { type ApiFailureCode, api, call } from '../../lib/api';
import { errorSentence } from '../../lib/error-sentence';
import NewPasswordField from './NewPasswordField';
import { secondFactorPath } from './sign-in-path';

const t = translator({ recover: recoverMessages });

interface Props {
  /** The token from the link in the reset mail. */
  token: string;
}

/** Sets a new password with a reset link; on success the user is signed in and sent on. */
export default function ResetPasswordForm({ token }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ code: ApiFailureCode; sentence: string } | null>(null);
  const errorId = useId();

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const newPassword = String(new FormData(event.currentTarget).get('newPassword') ?? '');
    setBusy(true);
    setError(null);
    const result = await call(api.resetPassword.$post({ json: { token, newPassword } }));
    if (result.ok) {
      // An account with a second factor is asked for it before the new password is set.
      const next = safeRedirectPath(result.data.redirect);
      window.location.assign('secondFactor' in result.data ? secondFactorPath(next) : next);
      return;
    }
    setError({ code: result.code, sentence: await errorSentence(result) });
    setBusy(false);
  }

  return (
    <form className="card auth-form" method="post" action="/recover" onSubmit={submit} aria-describedby={error ? errorId : undefined}>
      <h1>{t('recover.resetHeading')}</h1>
      <p className="muted">{t('recover.resetIntro')}</p>
      {error && (
        <p className="form-error" role="alert" id={errorId}>
          {error.sentence}
          {error.code === 'INVALID_RESET_LINK' && (
            <>
              {' '}
              <a href="/recover">{t('recover.requestNew')}</a>
            </>
          )}
        </p>
      )}
      <NewPasswordField name="newPassword" label={t('recover.newPassword')} hint={t('recover.passwordHint')} />
      <button type="submit" className="button primary wide" disabled={busy}>
        {busy ? t('recover.saving') : t('recover.save')}
      </button>
    </form>
  );
}
