import { useEffect, useState } from 'react';
import settingsMessages from 'virtual:messages/settings';
import { translator } from '../../i18n/translator';
import { api, call } from '../../lib/api';
import { $account } from '../../stores/account';
import FormStatus, { type Status } from './FormStatus';

const t = translator({ settings: settingsMessages });

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
