import signInLinkMessages from 'virtual:messages/signInLink';
import { useState } from 'react';
import { translator } from '../../i18n/translator';
import { api, call } from '../../lib/api';
import { errorSentence } from '../../lib/error-sentence';
import FormStatus, { type Status } from '../settings/FormStatus';

const t = translator({ signInLink: signInLinkMessages });

/** Asks the server to mail a sign-in link to `email`; answers what to tell the user. */
export async function requestSignInLink(email: string): Promise<Status> {
  const result = await call(api.mailSignInLink.$post({ json: { email } }));
  if (result.ok) return { kind: 'done', message: t('signInLink.sent', { email }) };
  return { kind: 'error', message: await errorSentence(result) };
}

interface Props {
  /** The e-mail whose password sign-in was just refused with 429. */
  email: string;
  /** The refusal's own message, which this offer says in its own words. */
  refusal?: string;
}

/**
 * Shown when password sign-in answers 429 (decision 009): the account's wrong-password
 * limit holds the password back for a while, but a link mailed to the address signs its owner in now.
 */
export default function SignInLinkOffer({ email }: Props) {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  const send = async (): Promise<void> => {
    setStatus({ kind: 'busy' });
    setStatus(await requestSignInLink(email));
  };

  return (
    <div className="sign-in-link-offer">
      <p className="form-error" role="alert">
        {t('signInLink.limited')}
      </p>
      {status.kind !== 'done' && (
        <button type="button" className="button secondary" onClick={send} disabled={status.kind === 'busy'}>
          {status.kind === 'busy' ? t('signInLink.sending') : t('signInLink.offer')}
        </button>
      )}
      <FormStatus status={status} />
      {status.kind === 'done' && <p className="muted">{t('signInLink.sentHelp')}</p>}
    </div>
  );
}
