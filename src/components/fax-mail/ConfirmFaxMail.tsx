import errorsMessages from 'virtual:messages/errors';
import faxMailMessages from 'virtual:messages/faxMail';
import { useState } from 'react';
import { translator } from '../../i18n/translator';
import { api, call } from '../../lib/api';

const t = translator({ errors: errorsMessages, faxMail: faxMailMessages });

type State = { kind: 'ready' } | { kind: 'busy' } | { kind: 'done'; email: string } | { kind: 'error'; message: string };

/**
 * Where the link mailed to an address for received faxes lands (decision 028). The address is
 * confirmed by a click, not by opening the page: mail scanners that fetch every link in a mail
 * must not confirm an address on their reader's behalf.
 */
export default function ConfirmFaxMail({ token }: { token: string | null }) {
  const [state, setState] = useState<State>(token ? { kind: 'ready' } : { kind: 'error', message: t('errors.INVALID_FAX_MAIL_LINK') });

  async function confirm(): Promise<void> {
    if (!token) return;
    setState({ kind: 'busy' });
    const result = await call(api.confirmFaxMailAddress.$post({ json: { token } }));
    if (result.ok) {
      setState({ kind: 'done', email: result.data.email });
      // The link is used up: it leaves the address bar and the history.
      window.history.replaceState(null, '', window.location.pathname);
    } else {
      setState({ kind: 'error', message: t(`errors.${result.code}`) });
    }
  }

  return (
    <section className="card narrow" aria-labelledby="confirm-fax-mail-heading">
      <h1 id="confirm-fax-mail-heading">{t('faxMail.confirmPage.heading')}</h1>
      {state.kind === 'done' ? (
        <p className="form-done" role="status">
          {t('faxMail.confirmPage.done', { email: state.email })}
        </p>
      ) : state.kind === 'error' ? (
        <p className="form-error" role="alert">
          {state.message}
        </p>
      ) : (
        <>
          <p>{t('faxMail.confirmPage.intro')}</p>
          <button type="button" className="button primary wide" disabled={state.kind === 'busy'} onClick={() => void confirm()}>
            {t('faxMail.confirmPage.action')}
          </button>
        </>
      )}
    </section>
  );
}
