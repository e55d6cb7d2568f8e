import outboxMessages from 'virtual:messages/outbox';
import { useCallback, useEffect, useState } from 'react';
import type { OutboxMail } from '../../common/outbox';
import { translator } from '../../i18n/translator';
import { api, call } from '../../lib/api';
import { formatFileSize } from '../../lib/upload/format-size';
import LocalTime from '../time/LocalTime';
import OutboxMailBody from './OutboxMailBody';

const t = translator({ outbox: outboxMessages });

interface Props {
  /** Show only the mail to this address (the `to` query value). */
  to: string | null;
}

/** The local outbox (GET /api/devOutbox), newest first. */
export default function OutboxList({ to }: Props) {
  const [mail, setMail] = useState<OutboxMail[] | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async (): Promise<void> => {
    const result = await call(api.devOutbox.$get({ query: to ? { to } : {} }));
    setFailed(!result.ok);
    if (result.ok) setMail(result.data.mail);
  }, [to]);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div className="outbox">
      <header className="page-header">
        <div>
          <h1>{t('outbox.heading')}</h1>
          <p className="muted">{t('outbox.notice')}</p>
          {to && (
            <p>
              {t('outbox.filtered', { email: to })} <a href="/dev/outbox">{t('outbox.showAll')}</a>
            </p>
          )}
        </div>
        <button type="button" className="button secondary" onClick={() => void load()}>
          {t('outbox.refresh')}
        </button>
      </header>
      {failed && (
        <p className="form-error" role="alert">
          {t('outbox.loadFailed')}
        </p>
      )}
      {mail === null && !failed && <p role="status">{t('outbox.loading')}</p>}
      {mail?.length === 0 && <p>{t('outbox.empty')}</p>}
      {mail?.map((message) => (
        <article key={message.id} className="card outbox-mail" aria-labelledby={`mail-${message.id}`}>
          <h2 id={`mail-${message.id}`}>{message.subject}</h2>
          <dl className="outbox-meta">
            <dt>{t('outbox.to')}</dt>
            <dd>{message.to}</dd>
            <dt>{t('outbox.sentAt')}</dt>
            <dd>
              <LocalTime at={message.createdAt} />
            </dd>
            {message.attachments.length > 0 && (
              <>
                <dt>{t('outbox.attachments')}</dt>
                <dd>
                  {message.attachments
                    .map((file) => t('outbox.attachment', { name: file.filename, size: formatFileSize(file.size) }))
                    .join(', ')}
                </dd>
              </>
            )}
          </dl>
          <OutboxMailBody mail={message} />
        </article>
      ))}
    </div>
  );
}
