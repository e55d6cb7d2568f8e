import dashboardMessages from 'virtual:messages/dashboard';
import navMessages from 'virtual:messages/nav';
import { useState } from 'react';
import { translator } from '../../i18n/translator';
import Icon from '../icons/Icon';

const t = translator({ dashboard: dashboardMessages, nav: navMessages });

/**
 * Shares "Fax me at (212) 555-0100" through the device's share sheet where there is one (phones,
 * some desktops); elsewhere copies the sentence and says so.
 */
export default function ShareNumber({ display }: { display: string }) {
  const [said, setSaid] = useState('');
  const text = t('dashboard.shareText', { number: display });
  const share = async (): Promise<void> => {
    if (typeof navigator.share === 'function') {
      // Closing the share sheet rejects too: nothing to say then.
      await navigator.share({ text }).catch(() => undefined);
      return;
    }
    try {
      await navigator.clipboard.writeText(text);
      setSaid(t('dashboard.shareCopied', { number: display }));
    } catch {
      setSaid(t('nav.copyFailed'));
    }
    setTimeout(() => setSaid(''), 4000);
  };
  return (
    <>
      <button type="button" className="button secondary small" onClick={() => void share()}>
        <Icon name="share-2" />
        {t('dashboard.share')}
      </button>
      <span className="dash-number-said" role="status">
        {said}
      </span>
    </>
  );
}
