import { useEffect, useState } from 'react';
import { UNVERIFIED_SEND_LIMIT, VERIFY_EMAIL_PARAM } from '../../common/email-verification-rules';
import verifyEmailMessages from 'virtual:messages/verifyEmail';
import { translator } from '../../i18n/translator';
import { api, call } from '../../lib/api';
import FormStatus, { type Status } from '../settings/FormStatus';

const t = translator({ verifyEmail: verifyEmailMessages });

interface Props {
  /** The address while it is not confirmed and the faxes left until then; null once confirmed. */
  pending: { email: string; sendsLeft: number } | null;
  /** The token of the link this page was opened from (/dashboard?verifyEmail=…), or null. */
  token: string | null;
}

/**
 * The address not confirmed yet (issue 15, finding 1): what that limits, and the link sent again on
 * request. Opened from the mailed link, it confirms the address once and tidies the URL.
 */
export default function ConfirmEmail({ pending, token }: Props) {
  const [confirmed, setConfirmed] = useState(false);
  const [confirming, setConfirming] = useState(Boolean(token));
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  useEffect(() => {
    if (!token) return;
    void call(api.verifyEmail.$post({ json: { token } })).then((result) => {
      if (result.ok) {
        setConfirmed(true);
        setStatus({ kind: 'done', message: t('verifyEmail.banner.confirmed') });
      } else {
        setStatus({ kind: 'error', message: result.message });
      }
      setConfirming(false);
      const url = new URL(window.location.href);
      url.searchParams.delete(VERIFY_EMAIL_PARAM);
      window.history.replaceState(null, '', url.pathname + url.search);
    });
  }, [token]);

  const resend = async () => {
    setStatus({ kind: 'busy' });
    const result = await call(api.resendVerification.$post());
    if (!result.ok) setStatus({ kind: 'error', message: result.message });
    else if (result.data.verified) {
      setConfirmed(true);
      setStatus({ kind: 'done', message: t('verifyEmail.banner.confirmed') });
    } else setStatus({ kind: 'done', message: t('verifyEmail.banner.sent', { email: pending?.email ?? '' }) });
  };

  if (confirming) {
    return (
      <div className="confirm-email-result">
        <p role="status">{t('verifyEmail.banner.confirming')}</p>
      </div>
    );
  }
  if (!pending || confirmed) {
    return status.kind === 'done' || status.kind === 'error' ? (
      <div className="confirm-email-result">
        <FormStatus status={status} />
      </div>
    ) : null;
  }
  return (
    <section className="card confirm-email" aria-labelledby="confirm-email-heading">
      <h2 id="confirm-email-heading">{t('verifyEmail.banner.title')}</h2>
      <p>{t('verifyEmail.banner.text', { email: pending.email, limit: UNVERIFIED_SEND_LIMIT, left: pending.sendsLeft })}</p>
      <button type="button" className="button secondary inline" onClick={resend} disabled={status.kind === 'busy'}>
        {status.kind === 'busy' ? t('verifyEmail.banner.sending') : t('verifyEmail.banner.resend')}
      </button>
      <FormStatus status={status} />
    </section>
  );
}
