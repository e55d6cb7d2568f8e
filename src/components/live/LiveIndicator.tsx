import liveMessages from 'virtual:messages/live';
import { useStore } from '@nanostores/react';
import { translator } from '../../i18n/translator';
import { $liveStatus } from '../../stores/live';
import Icon from '../icons/Icon';

const t = translator({ live: liveMessages });

/**
 * Live updates, said only when they are not flowing ("Reconnecting…", offline): a working
 * connection is the normal state and shows nothing. Subscribing to $liveStatus is what opens the
 * socket, so this is on every signed-in page; `data-live` tells tests (and styles) the state.
 */
export default function LiveIndicator() {
  const status = useStore($liveStatus);
  const broken = status === 'reconnecting' || status === 'offline';
  return (
    <div className={broken ? 'live-indicator broken' : 'live-indicator'} data-live={status} role="status" aria-live="polite">
      {broken && (
        <>
          <Icon name={status === 'offline' ? 'wifi-off' : 'loader-circle'} className={status === 'offline' ? undefined : 'spin'} />
          <span className="visually-hidden">{t('live.label')}: </span>
          {t(`live.${status}`)}
        </>
      )}
    </div>
  );
}
