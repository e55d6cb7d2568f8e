import signInLinkMessages from 'virtual:messages/signInLink';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { SIGN_IN_LINK_PARAM } from '../../common/sign-in-link-rules';
import { translator } from '../../i18n/translator';
import { api, call } from '../../lib/api';
import { errorSentence } from '../../lib/error-sentence';
import FormStatus, { type Status } from '../settings/FormStatus';
import { requestSignInLink } from './SignInLinkOffer';
import { SECOND_FACTOR_PAGE } from './sign-in-path';

const t = translator({ signInLink: signInLinkMessages });

interface Props {
  /** The token of the link this page was opened from (/login?signInLink=…). */
  token: string;
}

/**
 * /login opened from a mailed sign-in link: signs in with it once and goes to the dashboard. The
 * token leaves the address bar either way; a link that no longer works says so and offers a new one.
 */
export default function SignInWithLink({ token }: Props) {
  const [failure, setFailure] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const ids = { heading: useId(), email: useId() };

  useEffect(() => {
    void call(api.signInWithLink.$post({ json: { token } })).then(async (result) => {
      // replace: the used link is no entry of the history either.
      if (result.ok) {
        window.location.replace('secondFactor' in result.data ? SECOND_FACTOR_PAGE : '/dashboard');
        return;
      }
      const url = new URL(window.location.href);
      url.searchParams.delete(SIGN_IN_LINK_PARAM);
      window.history.replaceState(null, '', url.pathname + url.search);
      setFailure(await errorSentence(result));
    });
  }, [token]);

  const askAgain = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setStatus({ kind: 'busy' });
    setStatus(await requestSignInLink(email));
  };

  if (!failure) {
    return (
      <section className="card auth-form">
        <p role="status">{t('signInLink.signingIn')}</p>
      </section>
    );
  }
  return (
    <section className="card auth-form" aria-labelledby={ids.heading}>
      <h1 id={ids.heading}>{t('signInLink.failedHeading')}</h1>
      <p className="form-error" role="alert">
        {failure}
      </p>
      <form method="post" action="/login" onSubmit={askAgain}>
        <p>{t('signInLink.askAgain')}</p>
        <div className="field">
          <label htmlFor={ids.email}>{t('signInLink.email')}</label>
          <input id={ids.email} name="email" type="email" autoComplete="email" maxLength={254} required />
        </div>
        <button type="submit" className="button primary wide" disabled={status.kind === 'busy'}>
          {status.kind === 'busy' ? t('signInLink.sending') : t('signInLink.offer')}
        </button>
        <FormStatus status={status} />
      </form>
      <a className="button link" href="/login">
        {t('signInLink.backToSignIn')}
      </a>
    </section>
  );
}
