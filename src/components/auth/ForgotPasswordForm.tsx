import recoverMessages from 'virtual:messages/recover';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { translator } from '../../i18n/translator';
import { api, call } from '../../lib/api';
import { errorSentence } from '../../lib/error-sentence';

const t = translator({ recover: recoverMessages });

interface Props {
  /** The raw `redirect` query value; the server keeps it only when it is a path on this site. */
  redirect: string | null;
}

/** Asks for a reset link. The answer is the same whether or not the e-mail has an account. */
export default function ForgotPasswordForm({ redirect }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const sentHeading = useRef<HTMLHeadingElement>(null);
  const ids = { email: useId(), error: useId(), sent: useId() };
  const signInHref = redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login';

  useEffect(() => {
    if (sentTo) sentHeading.current?.focus();
  }, [sentTo]);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setBusy(true);
    setError(null);
    const result = await call(api.forgotPassword.$post({ json: { email, ...(redirect ? { redirect } : {}) } }));
    if (result.ok) setSentTo(email);
    else setError(await errorSentence(result));
    setBusy(false);
  }

  if (sentTo) {
    return (
      <section className="card auth-form" aria-labelledby={ids.sent}>
        <h1 id={ids.sent} ref={sentHeading} tabIndex={-1}>
          {t('recover.sentHeading')}
        </h1>
        <p role="status">{t('recover.sent', { email: sentTo })}</p>
        <p className="muted">{t('recover.sentHelp')}</p>
        <button type="button" className="button secondary" onClick={() => setSentTo(null)}>
          {t('recover.sendAgain')}
        </button>
        <a className="button link" href={signInHref}>
          {t('recover.backToSignIn')}
        </a>
      </section>
    );
  }

  return (
    <form className="card auth-form" method="post" action="/recover" onSubmit={submit} aria-describedby={error ? ids.error : undefined}>
      <h1>{t('recover.forgotHeading')}</h1>
      <p className="muted">{t('recover.forgotIntro')}</p>
      {error && (
        <p className="form-error" role="alert" id={ids.error}>
          {error}
        </p>
      )}
      <div className="field">
        <label htmlFor={ids.email}>{t('recover.email')}</label>
        <input id={ids.email} name="email" type="email" autoComplete="email" maxLength={254} required />
      </div>
      <button type="submit" className="button primary wide" disabled={busy}>
        {busy ? t('recover.sending') : t('recover.send')}
      </button>
      <a className="button link" href={signInHref}>
        {t('recover.backToSignIn')}
      </a>
    </form>
  );
}
