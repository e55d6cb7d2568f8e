import { useStore } from '@nanostores/react';
import { useId } from 'react';
import sendMessages from 'virtual:messages/send';
import { translator } from '../../i18n/translator';
import { preloadPhoneParser } from '../../lib/phone-parser';
import { $recipientList } from '../../stores/send-fax';
import { $moreRecipients } from '../../stores/send-options';

const t = translator({ send: sendMessages });

/** Other numbers for the same document (issue 17): pasted or typed, read and shown as they will be dialled. */
export default function MoreRecipients() {
  const text = useStore($moreRecipients);
  const list = useStore($recipientList);
  const ids = { input: useId(), hint: useId(), check: useId() };
  const others = list.recipients.length;
  return (
    <details className="more-recipients" open={text.trim() !== '' || undefined}>
      <summary>{t('send.moreRecipients')}</summary>
      <div className="field">
        <label htmlFor={ids.input}>{t('send.moreRecipientsLabel')}</label>
        <textarea
          id={ids.input}
          rows={4}
          maxLength={4000}
          value={text}
          aria-describedby={`${ids.hint} ${ids.check}`}
          aria-invalid={list.unreadable.length > 0 || undefined}
          onFocus={preloadPhoneParser}
          onChange={(event) => $moreRecipients.set(event.target.value)}
        />
        <p className="hint" id={ids.hint}>
          {t('send.moreRecipientsHint')}
        </p>
        <div id={ids.check} aria-live="polite">
          {others > 0 && (
            <p className="field-ok">
              {t('send.recipientsRead', { count: list.all.length, numbers: list.all.map((r) => r.display).join(', ') })}
            </p>
          )}
          {list.duplicates > 0 && (
            <p className="hint">
              {list.duplicates === 1 ? t('send.recipientsDuplicatesOne') : t('send.recipientsDuplicates', { count: list.duplicates })}
            </p>
          )}
          {list.unreadable.length > 0 && (
            <p className="field-error">{t('send.recipientsUnreadable', { entries: list.unreadable.join(', ') })}</p>
          )}
        </div>
      </div>
    </details>
  );
}
