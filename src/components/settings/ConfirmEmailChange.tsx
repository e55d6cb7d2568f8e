import { useEffect, useState } from 'react';
import type { AccountDetails } from '../../common/api-types';
import { t } from '../../i18n/t';
import { apiCall } from '../../lib/api';
import { $account } from '../../stores/account';
import FormStatus, { type Status } from './FormStatus';

/** Follows the link from the confirmation mail (/settings?confirmEmail=…) once, then tidies the URL. */
export default function ConfirmEmailChange({ token }: { token: string }) {
  const [status, setStatus] = useState<Status>({ kind: 'busy' });
  useEffect(() => {
    void apiCall<{ account: AccountDetails }>('/confirmEmailChange', { method: 'POST', body: { token } }).then((result) => {
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
