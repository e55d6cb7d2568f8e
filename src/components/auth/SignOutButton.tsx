import { useState } from 'react';
import navMessages from 'virtual:messages/nav';
import { translator } from '../../i18n/translator';
import { signOut } from '../../stores/session';

const t = translator({ nav: navMessages });

export default function SignOutButton() {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="button secondary"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void signOut();
      }}
    >
      {busy ? t('nav.signingOut') : t('nav.signOut')}
    </button>
  );
}
