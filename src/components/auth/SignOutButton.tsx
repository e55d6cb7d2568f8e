import navMessages from 'virtual:messages/nav';
import { useState } from 'react';
import { translator } from '../../i18n/translator';
import { signOut } from '../../stores/session';
import Icon from '../icons/Icon';

const t = translator({ nav: navMessages });

/** "Sign out", the last item of the account menu. */
export default function SignOutButton() {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="menu-item"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void signOut();
      }}
    >
      <Icon name="log-out" />
      {busy ? t('nav.signingOut') : t('nav.signOut')}
    </button>
  );
}
