import cancelledMessage from 'virtual:message/passkeys.cancelled';
import noPasskeyMessage from 'virtual:message/passkeys.noPasskey';
import useForCheckMessage from 'virtual:message/passkeys.useForCheck';
import appMessages from 'virtual:messages/app';
import secondFactorMessages from 'virtual:messages/secondFactor';
import { type FormEvent, useId, useState } from 'react';
import { safeRedirectPath } from '../../common/routes';
import { translator } from '../../i18n/translator';
import { api, call } from '../../lib/api';
import { errorSentence } from '../../lib/error-sentence';

const t = translator({
  app: appMessages,
  secondFactor: secondFactorMessages,
  passkeys: { noPasskey: noPasskeyMessage, useForCheck: useForCheckMessage, cancelled: cancelledMessage },
});

interface Props {
  /** The raw `redirect` query value; only a path on this site is followed. */
  redirect: string | null;
  /** Where someone who lost every factor writes (the deliberate way back, decision 044). */
  supportEmail: string;
}

type Face = { kind: 'asking' } | { kind: 'expired'; sentence: string } | { kind: 'signed-in'; codesLeft: number };

/**
 * /signInCheck: the second step of a sign-in (decision 044). A code from the authenticator app,
 * or a recovery code; after a recovery code, how many are left before going on.
 */
export default function SecondFactorForm({ redirect, supportEmail }: Props) {
  const [recovery, setRecovery] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [face, setFace] = useState<Face>({ kind: 'asking' });
  const ids = { heading: useId(), intro: useId(), code: useId(), error: useId() };
  const next = safeRedirectPath(redirect);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get('code') ?? '');
    await verify(recovery ? { recoveryCode: typed } : { code: typed });
  }

  // A passkey of the account answers instead of a code (decision 045); its library loads on the press.
  async function answerWithPasskey(): Promise<void> {
    setBusy(true);
    setError(null);
    const answer = await import('../../lib/passkey-ceremonies').then(
      (lib) => lib.answerPasskeyCheck(),
      () => ({ ok: false, cancelled: true }) as const,
    );
    if (answer.ok) return verify({ passkey: answer.data });
    setBusy(false);
    if ('cancelled' in answer) setError(t('passkeys.cancelled'));
    else if (answer.code === 'NO_SECOND_FACTOR') setError(t('passkeys.noPasskey'));
    else if (answer.code === 'SIGN_IN_EXPIRED') setFace({ kind: 'expired', sentence: await errorSentence(answer) });
    else setError(await errorSentence(answer));
  }

  async function verify(proof: Parameters<typeof api.verifySignIn.$post>[0]['json']): Promise<void> {
    setBusy(true);
    setError(null);
    const result = await call(api.verifySignIn.$post({ json: proof }));
    if (result.ok) {
      if (result.data.recoveryCodesLeft === null) {
        window.location.assign(next);
        return;
      }
      setFace({ kind: 'signed-in', codesLeft: result.data.recoveryCodesLeft });
      return;
    }
    setBusy(false);
    if (result.code === 'SIGN_IN_EXPIRED') setFace({ kind: 'expired', sentence: await errorSentence(result) });
    else setError(await errorSentence(result));
  }

  if (face.kind === 'expired') {
    return (
      <section className="card auth-form" aria-labelledby={ids.heading}>
        <h1 id={ids.heading}>{t('secondFactor.expiredHeading')}</h1>
        <p role="alert">{face.sentence}</p>
        <a
          className="button primary wide"
          href={redirect ? `/login?mode=signin&redirect=${encodeURIComponent(redirect)}` : '/login?mode=signin'}
        >
          {t('secondFactor.signInAgain')}
        </a>
      </section>
    );
  }
  if (face.kind === 'signed-in') {
    const left =
      face.codesLeft === 0
        ? t('secondFactor.codesLeftNone')
        : face.codesLeft === 1
          ? t('secondFactor.codesLeftOne')
          : t('secondFactor.codesLeft', { count: face.codesLeft });
    return (
      <section className="card auth-form" aria-labelledby={ids.heading}>
        <h1 id={ids.heading}>{t('secondFactor.signedInHeading')}</h1>
        <p role="status">
          {left} {face.codesLeft < 4 && t('secondFactor.codesLeftLow')}
        </p>
        <a className="button primary wide" href={next}>
          {t('secondFactor.continue')}
        </a>
      </section>
    );
  }
  return (
    <form className="card auth-form" method="post" action="/signInCheck" onSubmit={submit} aria-labelledby={ids.heading}>
      <h1 id={ids.heading}>{recovery ? t('secondFactor.recoveryHeading') : t('secondFactor.appHeading')}</h1>
      <p className="muted" id={ids.intro}>
        {recovery ? t('secondFactor.recoveryIntro') : t('secondFactor.appIntro', { product: t('app.name') })}
      </p>
      {error && (
        <p className="form-error" role="alert" id={ids.error}>
          {error}
        </p>
      )}
      <div className="field">
        <label htmlFor={ids.code}>{recovery ? t('secondFactor.recoveryLabel') : t('secondFactor.codeLabel')}</label>
        <input
          // A new input for each kind of code: what was typed for one is no draft of the other.
          key={recovery ? 'recovery' : 'app'}
          id={ids.code}
          name="code"
          className={recovery ? 'recovery-code-input' : 'app-code-input'}
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete={recovery ? 'off' : 'one-time-code'}
          autoCapitalize="none"
          spellCheck={false}
          pattern={recovery ? undefined : '\\s*(\\d\\s*){6}'}
          maxLength={recovery ? 40 : 9}
          required
          // biome-ignore lint/a11y/noAutofocus: the page exists for this one field, opened right after the password.
          autoFocus
          aria-describedby={error ? `${ids.intro} ${ids.error}` : ids.intro}
          aria-invalid={error ? true : undefined}
        />
      </div>
      <button type="submit" className="button primary wide" disabled={busy}>
        {busy ? t('secondFactor.working') : t('secondFactor.submit')}
      </button>
      <button
        type="button"
        className="button link"
        onClick={() => {
          setRecovery(!recovery);
          setError(null);
        }}
      >
        {recovery ? t('secondFactor.useApp') : t('secondFactor.useRecovery')}
      </button>
      <button type="button" className="button link" disabled={busy} onClick={() => void answerWithPasskey()}>
        {t('passkeys.useForCheck')}
      </button>
      <p className="muted second-factor-lost">{t('secondFactor.lostEverything', { email: supportEmail })}</p>
    </form>
  );
}
