import settingsMessages from 'virtual:messages/settings';
import { useEffect, useState } from 'react';
import { settingsHref } from '../../common/settings-sections';
import { translator } from '../../i18n/translator';
import { api, call } from '../../lib/api';
import { $account } from '../../stores/account';
import Icon from '../icons/Icon';
import type { Status } from './FormStatus';

const t = translator({ settings: settingsMessages });

/**
 * Follows the link from the confirmation mail (/settings?confirmEmail=…) once, then tidies the
 * address. A banner at the top of Security says so from the first paint on, so nothing moves.
 */
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
      window.history.replaceState(null, '', settingsHref('security'));
    });
  }, [token]);
  if (status.kind === 'error') {
    return (
      <div className="banner bad" role="alert">
        <Icon name="circle-alert" />
        <p className="banner-text">{status.message}</p>
      </div>
    );
  }
  return (
    <div className={status.kind === 'done' ? 'banner ok' : 'banner'} role="status">
      <Icon name={status.kind === 'done' ? 'circle-check' : 'loader-circle'} className={status.kind === 'done' ? undefined : 'spin'} />
      <p className="banner-text">{status.kind === 'done' ? status.message : t('settings.emailConfirming')}</p>
    </div>
  );
}
