import loginMessages from 'virtual:messages/login';
import { type FormEvent, lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../common/password-limits';
import { pathAfterSignUp } from '../../common/routes';
import { translator } from '../../i18n/translator';
import { type ApiFailure, api, call } from '../../lib/api';
import { pathAfterSignIn } from './sign-in-path';

const t = translator({ login: loginMessages });

/** What a refused sign-in shows should the offer below not load: the refusal's own message. */
function Refusal({ refusal }: { email: string; refusal?: string }) {
  return (
    <p className="form-error" role="alert">
      {refusal}
    </p>
  );
}

// Offered only after password sign-in was refused with 429: loaded then, not with the page.
const SignInLinkOffer = lazy(() => import('./SignInLinkOffer').catch(() => ({ default: Refusal }) as const));
// The strength of a new password, from its first character typed (the rules and their words are
// a kilobyte /login need not carry before anyone types).
const PasswordStrength = lazy(() => import('./PasswordStrength').catch(() => ({ default: () => null }) as const));
// Passkeys (decision 045): the button and the autofill come after the form, their library later still.
const PasskeyWay = lazy(() => import('./PasskeyWay').catch(() => ({ default: () => null }) as const));

/** The sentence for a refusal: its loader comes with the first failure, not with the page. */
async function failureSentence(failure: ApiFailure): Promise<string> {
  try {
    return await (await import('../../lib/error-sentence')).errorSentence(failure);
  } catch {
    return failure.message;
  }
}

type Mode = 'signIn' | 'signUp';

interface Props {
  /** The raw `redirect` query value; only a path on this site is followed. */
  redirect: string | null;
  initialMode?: Mode;
  /** "Forgot your password?", in the server's words (the recovery page's namespace stays there). */
  forgotPasswordLabel: string;
  /** Slots the page fills with static HTML (decision 039): the offer under the sign-up heading, */
  offer?: ReactNode;
  /** the document to keep on the way to /send (its own island, shown in both modes), */
  document?: ReactNode;
  /** and "By creating an account you agree to the Terms and the Privacy policy". */
  terms?: ReactNode;
}

export default function SignInForm({ redirect, initialMode = 'signIn', forgotPasswordLabel, offer, document, terms }: Props) {
  const [mode, setMode] = useState<Mode>(initialMode);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { email: useId(), password: useId(), name: useId(), hint: useId(), error: useId() };
  const [typedPassword, setTypedPassword] = useState('');
  // The e-mail whose password sign-in was refused with 429: a mailed link is offered instead.
  const [limited, setLimited] = useState<{ email: string; refusal: string } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '');
    const password = String(form.get('password') ?? '');
    const displayName = String(form.get('displayName') ?? '');
    setBusy(true);
    setError(null);
    setLimited(null);
    const result =
      mode === 'signIn'
        ? await call(api.login.$post({ json: { email, password } }))
        : await call(api.signup.$post({ json: { email, password, displayName } }));
    if (result.ok) {
      // A new account starts with the first-run path, unless it was on its way somewhere; an
      // account with a second factor is asked for it first.
      window.location.assign(mode === 'signUp' ? pathAfterSignUp(redirect) : pathAfterSignIn(redirect, result.data));
      return;
    }
    setBusy(false);
    if (mode === 'signIn' && result.status === 429) {
      setLimited({ email, refusal: result.message });
      return;
    }
    setError(result.code === 'EMAIL_IN_USE' ? t('login.emailTaken') : await failureSentence(result));
  }

  const signUp = mode === 'signUp';
  return (
    <form className="card auth-form" method="post" action="/login" onSubmit={submit} aria-describedby={error ? ids.error : undefined}>
      <h1>{signUp ? t('login.signUpHeading') : t('login.signInHeading')}</h1>
      {signUp && offer}
      {document}
      {error && (
        <p className="form-error" role="alert" id={ids.error}>
          {error}
        </p>
      )}
      {limited && !signUp && (
        <Suspense fallback={null}>
          <SignInLinkOffer email={limited.email} refusal={limited.refusal} />
        </Suspense>
      )}
      {signUp && (
        <div className="field">
          <label htmlFor={ids.name}>{t('login.displayName')}</label>
          <input id={ids.name} name="displayName" type="text" autoComplete="name" maxLength={80} />
        </div>
      )}
      <div className="field">
        <label htmlFor={ids.email}>{t('login.email')}</label>
        <input id={ids.email} name="email" type="email" autoComplete={signUp ? 'email' : 'username webauthn'} required />
      </div>
      <div className="field">
        <label htmlFor={ids.password}>{t('login.password')}</label>
        <input
          id={ids.password}
          name="password"
          type="password"
          autoComplete={signUp ? 'new-password' : 'current-password'}
          minLength={signUp ? PASSWORD_MIN_LENGTH : undefined}
          maxLength={PASSWORD_MAX_LENGTH}
          required
          aria-describedby={signUp ? ids.hint : undefined}
          onInput={(event) => setTypedPassword(event.currentTarget.value)}
        />
        {signUp && (
          <p className="hint" id={ids.hint}>
            {t('login.passwordHint')}
          </p>
        )}
        {signUp && typedPassword && (
          <Suspense fallback={null}>
            <PasswordStrength password={typedPassword} />
          </Suspense>
        )}
      </div>
      <button type="submit" className="button primary wide" disabled={busy}>
        {busy ? t('login.working') : signUp ? t('login.submitSignUp') : t('login.submitSignIn')}
      </button>
      <Suspense fallback={null}>
        <PasskeyWay mode={mode} redirect={redirect} emailId={ids.email} nameId={ids.name} />
      </Suspense>
      {signUp && terms}
      <button
        type="button"
        className="button link"
        onClick={() => {
          setMode(signUp ? 'signIn' : 'signUp');
          setError(null);
          setLimited(null);
        }}
      >
        {signUp ? t('login.toSignIn') : t('login.toSignUp')}
      </button>
      {!signUp && (
        <a className="button link" href={redirect ? `/recover?redirect=${encodeURIComponent(redirect)}` : '/recover'}>
          {forgotPasswordLabel}
        </a>
      )}
    </form>
  );
}
