import welcomeMessages from 'virtual:messages/welcome';
import { useState } from 'react';
import type { SetupStep } from '../../common/onboarding';
import { translator } from '../../i18n/translator';
import { saveSetupStep } from '../../stores/onboarding';

const t = translator({ welcome: welcomeMessages });

/**
 * The welcome's two ways on, shown once after sign-up: the first-run steps, or straight to the
 * dashboard (the path then never shows again). Either way the choice is saved on the account first.
 */
export default function WelcomeActions() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function choose(step: SetupStep, path: string): Promise<void> {
    setBusy(true);
    setError(null);
    const result = await saveSetupStep(step);
    if (result.ok) {
      window.location.assign(path);
      return;
    }
    setBusy(false);
    setError(t('welcome.saveFailed', { reason: result.message }));
  }

  return (
    <>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="button-row">
        <button type="button" className="button primary" disabled={busy} onClick={() => void choose('reserve-number', '/onboarding')}>
          {t('welcome.start')}
        </button>
        <button type="button" className="button secondary" disabled={busy} onClick={() => void choose('skipped', '/dashboard')}>
          {t('welcome.skip')}
        </button>
      </div>
    </>
  );
}
