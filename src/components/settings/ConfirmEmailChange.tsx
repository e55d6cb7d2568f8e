import { useEffect, useState } from 'react';
import { t } from '../../i18n/t';
import { api, call } from '../../lib/api';
import { $account } from '../../stores/account';
import FormStatus, { type Status } from './FormStatus';

/** Follows the link from the confirmation mail (/settings?confirmEmail=…) once, then tidies the URL. */
export default function ConfirmEmailChange({ token }: { token: string }) {
  const [status, setStatus] = useState<Status>({ kind: 'busy' });
  useEffect(() => {
    void call(api.confirmEmailChange.$post({ json: { token } })).then((result) => {
      if (result.ok) {
        $account.set(result.data.account);
        setStatus({ kind: 'done', message: t('settings.emailConfirmed', { email: result.data.account.email }) });
      } else {
        setStatus({ kind: 'error', message: t('settings.emailConfirmFailed') });
      }
      window.history.replaceState(null, '', '/settings');
    });
  }, [token]);
  return <FormStatus status={status} />;
}
