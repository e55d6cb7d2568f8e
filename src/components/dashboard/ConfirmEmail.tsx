import verifyEmailMessages from 'virtual:messages/verifyEmail';
import { useEffect, useState } from 'react';
import { VERIFY_EMAIL_PARAM } from '../../common/email-verification-rules';
import { translator } from '../../i18n/translator';
import { api, call } from '../../lib/api';
import { showToast } from '../../stores/toasts';
import Icon from '../icons/Icon';

const t = translator({ verifyEmail: verifyEmailMessages });

interface Props {
  /** The address while it is not confirmed and the faxes left until then; null once confirmed. */
  pending: { email: string; sendsLeft: number } | null;
  /** Pages left to send: with none, a count of faxes left would promise what cannot be sent. */
  sendCredits: number;
  /** The token of the link this page was opened from (/dashboard?verifyEmail=…), or null. */
  token: string | null;
  /** Told once the address is confirmed here (the setup checklist ticks it off). */
  onConfirmed: () => void;
}

/** The one sentence: what is limited until the address is confirmed, in figures that agree with the plan's. */
function bannerText(pending: { email: string; sendsLeft: number }, sendCredits: number): string {
  if (pending.sendsLeft === 0 || sendCredits === 0) return t('verifyEmail.banner.textNone', { email: pending.email });
  return pending.sendsLeft === 1 ? t('verifyEmail.banner.textLeftOne') : t('verifyEmail.banner.textLeft', { left: pending.sendsLeft });
}

/**
 * The address not confirmed yet (decision 008's addendum) as one slim banner with the link sent again
 * on request. Opened from the mailed link, it confirms the address once and tidies the URL.
 */
export default function ConfirmEmail({ pending, sendCredits, token, onConfirmed }: Props) {
  const [confirmed, setConfirmed] = useState(false);
  const [confirming, setConfirming] = useState(Boolean(token));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = (): void => {
    setConfirmed(true);
    showToast(t('verifyEmail.banner.confirmed'));
    onConfirmed();
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the link's token is used once, as the page opens
  useEffect(() => {
    if (!token) return;
    void call(api.verifyEmail.$post({ json: { token } })).then((result) => {
      if (result.ok) confirm();
      else setError(result.message);
      setConfirming(false);
      const url = new URL(window.location.href);
      url.searchParams.delete(VERIFY_EMAIL_PARAM);
      window.history.replaceState(null, '', url.pathname + url.search);
    });
  }, [token]);

  const resend = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    const result = await call(api.resendVerification.$post());
    setBusy(false);
    if (!result.ok) setError(result.message);
    else if (result.data.verified) confirm();
    else showToast(t('verifyEmail.banner.sent', { email: pending?.email ?? '' }));
  };

  const open = pending && !confirmed;
  return (
    <>
      {confirming ? (
        <div className="banner" role="status">
          <Icon name="loader-circle" className="spin" />
          <p className="banner-text">{t('verifyEmail.banner.confirming')}</p>
        </div>
      ) : error ? (
        <div className="banner bad" role="alert">
          <Icon name="circle-alert" />
          <p className="banner-text">{error}</p>
        </div>
      ) : null}
      {open && !confirming && (
        <section className="banner warn dash-confirm" aria-label={t('verifyEmail.banner.title')}>
          <Icon name="mail" />
          <p className="banner-text">{bannerText(pending, sendCredits)}</p>
          <button type="button" className="button secondary small" onClick={() => void resend()} disabled={busy}>
            {busy ? t('verifyEmail.banner.sending') : t('verifyEmail.banner.resend')}
          </button>
        </section>
      )}
    </>
  );
}
