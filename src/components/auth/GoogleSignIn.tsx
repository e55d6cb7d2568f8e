import googleMessages from 'virtual:messages/google';
import { useEffect, useRef, useState } from 'react';
import type { PageContext } from '../../common/page-context';
import { translator } from '../../i18n/translator';
import { api, call } from '../../lib/api';
import { loadGoogleIdentityServices } from '../../lib/google-identity';
import { errorOfGoogle, errorOfSetup, type FailureCode, type GoogleSignInError } from './google-error-codes';
import { pathAfterSignIn } from './sign-in-path';

const t = translator({ google: googleMessages });

const messageOf = (failure: GoogleSignInError): string => t(`google.errors.${failure}`);

/** Our sign-in call failed: its sentence (./google-errors.ts, loaded with the failure; docs/decisions/032). */
async function signInFailure(code: FailureCode): Promise<string> {
  try {
    return (await import('./google-errors')).googleSignInError(code);
  } catch {
    return messageOf('network-request-failed');
  }
}

interface Props {
  /** The raw `redirect` query value; only a path on this site is followed. */
  redirect: string | null;
  mode: PageContext['googleSignIn'];
  /** The OAuth client id (public by design). */
  clientId: string;
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
      else setError(await signInFailure(result.code));
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
