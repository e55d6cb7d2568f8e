import { useEffect, useRef, useState } from 'react';
import type { PageContext } from '../../common/page-context';
import { pathAfterSignIn } from './sign-in-path';
import { t } from '../../i18n/t';
import { api, call, type ApiFailureCode } from '../../lib/api';
import { loadGoogleIdentityServices } from '../../lib/google-identity';
import { errorOfGoogle, errorOfLogin, errorOfSetup, type GoogleSignInError } from './google-errors';

interface Props {
  /** The raw `redirect` query value; only a path on this site is followed. */
  redirect: string | null;
  mode: PageContext['googleSignIn'];
  /** The OAuth client id (public by design). */
  clientId: string;
}

/** The sentence for one of the catalogue's Google sign-in failures (spec §8). */
function messageOf(error: GoogleSignInError): string {
  return t(`google.errors.${error}`);
}

/** The sentence for a failed Google sign-in. */
export function googleSignInError(code: ApiFailureCode): string {
  // An account being deleted: "wrong password" would make no sense after a Google sign-in.
  if (code === 'INVALID_CREDENTIALS') return t('google.accountUnavailable');
  // Our own answers that name the person's problem (an unverified e-mail, too many tries) say so.
  if (code === 'NETWORK' || code === 'INVALID_GOOGLE_TOKEN' || code === 'INTERNAL') return messageOf(errorOfLogin(code));
  return t(`errors.${code}`);
}

/** "Continue with Google" on /login: Google's own button, or the local stand-in in development. */
export default function GoogleSignIn({ redirect, mode, clientId }: Props) {
  const buttonHost = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (mode !== 'google') return;
    const problem = errorOfSetup(clientId, window.location.origin);
    if (problem) {
      setError(messageOf(problem));
      return;
    }
    let cancelled = false;
    async function signIn(credential: string): Promise<void> {
      setError(null);
      const result = await call(api.login.$post({ json: { token: credential } }));
      if (result.ok) window.location.assign(pathAfterSignIn(redirect, result.data));
      else setError(googleSignInError(result.code));
    }
    loadGoogleIdentityServices()
      .then((google) => {
        if (cancelled || !buttonHost.current) return;
        google.accounts.id.initialize({
          client_id: clientId,
          callback: ({ credential }) => void signIn(credential),
          error_callback: ({ type }) => {
            const failure = errorOfGoogle(type);
            if (failure && !cancelled) setError(messageOf(failure));
          },
        });
        google.accounts.id.renderButton(buttonHost.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'continue_with',
          width: 320,
        });
      })
      .catch(() => {
        if (!cancelled) setError(messageOf('network-request-failed'));
      });
    return () => {
      cancelled = true;
    };
  }, [mode, clientId, redirect]);

  const localHref = `/dev/google${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`;
  return (
    <div className="google-sign-in">
      <p className="divider">
        <span>{t('google.or')}</span>
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {mode === 'local' ? (
        <a className="button secondary wide" href={localHref}>
          {t('google.continueLocal')}
        </a>
      ) : (
        // Google renders its own "Continue with Google" button (an iframe) into this box.
        <div ref={buttonHost} className="google-button" />
      )}
    </div>
  );
}
