import passkeysMessages from 'virtual:messages/passkeys';
import { type ReactElement, useEffect, useRef, useState } from 'react';
import { pathAfterSignUp } from '../../common/routes';
import { translator } from '../../i18n/translator';
import { errorSentence } from '../../lib/error-sentence';
import { loadingPartMark, takeEarlyPress } from '../../lib/loading-part';
import { pathAfterSignIn } from './sign-in-path';

const t = translator({ passkeys: passkeysMessages });

type Ceremonies = typeof import('../../lib/passkey-ceremonies');
let ceremonies: Promise<Ceremonies> | null = null;
/** The WebAuthn library, fetched the first time a passkey is wanted (decision 045). */
function loadCeremonies(): Promise<Ceremonies> {
  ceremonies ??= import('../../lib/passkey-ceremonies').catch((err: unknown) => {
    ceremonies = null;
    throw err;
  });
  return ceremonies;
}

export interface PasskeyWayProps {
  mode: 'signIn' | 'signUp';
  redirect: string | null;
  /** The form's fields: the e-mail (its autofill offers passkeys) and, signing up, the name. */
  emailId: string;
  nameId: string;
}

/**
 * /login's passkey way (decision 045), loaded after the form itself: signing in, a button and the
 * e-mail field's autofill (conditional mediation, begun when the field is first focused); signing
 * up, a button that makes the account with a passkey and no password.
 */
export default function PasskeyWay({ mode, redirect, emailId, nameId }: PasskeyWayProps): ReactElement | null {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const autofilling = useRef(false);
  // The button's ceremony is under way: the autofill's gives way to it.
  const pressed = useRef(false);
  // Drawn from the server's HTML before this code has loaded: a press meanwhile was kept for now.
  const [ready, setReady] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  async function finish(result: Awaited<ReturnType<Ceremonies['signInWithPasskey']>>, after: (data: object) => string): Promise<void> {
    if (result.ok) {
      window.location.assign(after(result.data));
      return;
    }
    setBusy(false);
    setError('cancelled' in result ? t('passkeys.cancelled') : await errorSentence(result));
  }

  // Autofill: the browser lists the site's passkeys under the e-mail field while this waits.
  // biome-ignore lint/correctness/useExhaustiveDependencies: finish only sets this component's own state.
  useEffect(() => {
    if (mode !== 'signIn') return;
    const field = document.getElementById(emailId);
    if (!field) return;
    const begin = async (): Promise<void> => {
      if (autofilling.current) return;
      autofilling.current = true;
      try {
        const lib = await loadCeremonies();
        if (!(await lib.autofillWorks()) || pressed.current) return;
        const result = await lib.signInWithPasskey(true);
        // Ended by the button (or by leaving the field's page): nothing to say.
        if (!result.ok && 'cancelled' in result) return;
        await finish(result, (data) => pathAfterSignIn(redirect, data));
      } catch {
        // Offline: the passkey way waits for the button.
      } finally {
        autofilling.current = false;
      }
    };
    field.addEventListener('focus', begin);
    if (document.activeElement === field) void begin();
    return () => {
      field.removeEventListener('focus', begin);
      void ceremonies?.then((lib) => lib.cancelPasskeyCeremony());
    };
  }, [mode, emailId, redirect]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when this part is first ready.
  useEffect(() => {
    setReady(true);
    if (takeEarlyPress(root.current)) void pressButton();
  }, []);

  async function pressButton(): Promise<void> {
    setError(null);
    const email = document.getElementById(emailId) as HTMLInputElement | null;
    if (mode === 'signUp' && !email?.reportValidity()) return;
    pressed.current = mode === 'signIn';
    // Busy at once: the WebAuthn library may still be on its way.
    setBusy(true);
    const lib = await loadCeremonies().catch(() => null);
    if (!lib?.passkeysWork()) {
      pressed.current = false;
      setBusy(false);
      setError(t(lib ? 'passkeys.unsupported' : 'passkeys.cancelled'));
      return;
    }
    if (mode === 'signIn') {
      lib.cancelPasskeyCeremony();
      await finish(await lib.signInWithPasskey(false), (data) => pathAfterSignIn(redirect, data));
      pressed.current = false;
      return;
    }
    const name = document.getElementById(nameId) as HTMLInputElement | null;
    await finish(await lib.signUpWithPasskey(email?.value ?? '', name?.value ?? ''), () => pathAfterSignUp(redirect));
  }

  return (
    <div className="passkey-way" ref={root} {...loadingPartMark(ready)}>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="button secondary wide" disabled={busy} onClick={() => void pressButton()}>
        {busy ? t('passkeys.waiting') : mode === 'signIn' ? t('passkeys.signIn') : t('passkeys.signUp')}
      </button>
      {mode === 'signUp' && <p className="hint">{t('passkeys.signUpHint')}</p>}
    </div>
  );
}
