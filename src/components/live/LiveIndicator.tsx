import { useStore } from '@nanostores/react';
import liveMessages from 'virtual:messages/live';
import { translator } from '../../i18n/translator';
import { $liveStatus } from '../../stores/live';

const t = translator({ live: liveMessages });

/** Shows whether live updates are flowing; subscribing to $liveStatus is what opens the socket. */
export default function LiveIndicator() {
  const status = useStore($liveStatus);
  return (
    <p className={`live-indicator live-${status}`} role="status" aria-live="polite">
      <span className="live-dot" aria-hidden="true" />
      <span className="visually-hidden">{t('live.label')}: </span>
      {t(`live.${status}`)}
    </p>
  );
}
