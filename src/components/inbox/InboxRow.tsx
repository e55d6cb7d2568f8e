import { useState } from 'react';
import type { FaxView } from '../../common/faxes';
import { formatDateTime } from '../../i18n/dates';
import inboxMessages from 'virtual:messages/inbox';
import { translator } from '../../i18n/translator';
import { setFaxReadStatus } from '../../stores/fax-read';
import { pagesText } from '../faxes/fax-text';
import { SelectFaxCell } from '../faxes/TrashSelection';
import LocalTime from '../time/LocalTime';
import { useTimeZone } from '../time/time-zone';
import { receivedPages, receivedStatusText, senderText } from './inbox-text';

const t = translator({ inbox: inboxMessages });

/** One received fax: unread ones in bold with an "Unread" badge (not colour alone). */
export default function InboxRow({
  fax,
  onChanged,
  selected,
  onToggle,
}: {
  fax: FaxView;
  onChanged: (fax: FaxView) => void;
  selected: boolean;
  onToggle: (on: boolean) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const timeZone = useTimeZone();
  const when = formatDateTime(fax.start, timeZone);
  const label = { number: senderText(fax), when };
  const unread = !fax.read && fax.status !== 'RECEIVING';
  const href = `/faxDetails/${encodeURIComponent(fax.id)}`;

  const toggle = async (): Promise<void> => {
    setBusy(true);
    setFailed(null);
    const result = await setFaxReadStatus(fax.id, fax.read ? 'unread' : 'read');
    setBusy(false);
    if (result.ok) onChanged(result.data.fax);
    else setFailed(result.message);
  };

  return (
    <tr className={unread ? 'inbox-unread' : undefined}>
      <SelectFaxCell fax={fax} label={t('inbox.openLabel', label)} selected={selected} onToggle={onToggle} />
      <td className="number-display">
        <a href={href} aria-label={t('inbox.openLabel', label)}>
          {senderText(fax)}
        </a>
        {unread && <span className="tag inbox-unread-tag"> {t('inbox.unread')}</span>}
      </td>
      <td className={`fax-status fax-status-${fax.status.toLowerCase()}`}>{receivedStatusText(fax)}</td>
      <td>
        <LocalTime at={fax.start} />
      </td>
      <td>{pagesText(receivedPages(fax))}</td>
      <td>
        <div className="inbox-actions">
          {fax.status !== 'RECEIVING' && fax.status !== 'FAILED' && (
            <a href={`/preview?faxId=${encodeURIComponent(fax.id)}`} aria-label={t('inbox.previewLabel', label)}>
              {t('inbox.preview')}
            </a>
          )}
          {fax.status !== 'RECEIVING' && (
            <button
              type="button"
              className="link-button"
              disabled={busy}
              onClick={() => void toggle()}
              aria-label={t(fax.read ? 'inbox.markUnreadLabel' : 'inbox.markReadLabel', label)}
            >
              {t(fax.read ? 'inbox.markUnread' : 'inbox.markRead')}
            </button>
          )}
          {failed && (
            <span className="form-error" role="alert">
              {t('inbox.markFailed', { reason: failed })}
            </span>
          )}
        </div>
      </td>
    </tr>
  );
}
