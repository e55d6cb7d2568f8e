import outboxMessages from 'virtual:messages/outbox';
import { Fragment, useState } from 'react';
import type { OutboxMail } from '../../common/outbox';
import { translator } from '../../i18n/translator';

const t = translator({ outbox: outboxMessages });

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/;

/** The text body with every http(s) address as a link, so a reset link can be followed. */
function MailText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <p className="outbox-text">
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one mail's text never reorder
        <Fragment key={i}>{i % 2 === 1 ? <a href={part}>{part}</a> : part}</Fragment>
      ))}
    </p>
  );
}

/**
 * A mail as text, or as its HTML drawn the way a mail client would. The HTML comes from its own
 * address (/dev/outbox/<id>), whose policy lets the mail's inline styles in and no script; the
 * frame is sandboxed as well, with popups left so its button opens a tab.
 */
export default function OutboxMailBody({ mail }: { mail: Pick<OutboxMail, 'id' | 'subject' | 'text'> }) {
  const [asHtml, setAsHtml] = useState(false);
  return (
    <>
      <button type="button" className="button secondary outbox-view" onClick={() => setAsHtml(!asHtml)}>
        {asHtml ? t('outbox.viewText') : t('outbox.viewHtml')}
      </button>
      {asHtml ? (
        <iframe
          className="outbox-html"
          src={`/dev/outbox/${encodeURIComponent(mail.id)}`}
          sandbox="allow-popups allow-popups-to-escape-sandbox"
          title={t('outbox.htmlFrame', { subject: mail.subject })}
        />
      ) : (
        <MailText text={mail.text} />
      )}
    </>
  );
}
