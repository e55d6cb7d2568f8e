import { useState } from 'react';
import { t } from '../../i18n/t';
import { signOut } from '../../stores/session';

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
