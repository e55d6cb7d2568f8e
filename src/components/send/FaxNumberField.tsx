import { useStore } from '@nanostores/react';
import { useId, useRef, useState } from 'react';
import sendMessages from 'virtual:messages/send';
import { translator } from '../../i18n/translator';
import { loadPhoneParser, preloadPhoneParser } from '../../lib/phone-parser';
import { $draft, $numberCheckPending, $recipient, updateDraft } from '../../stores/send-fax';

const t = translator({ send: sendMessages });

/** The number to fax, checked as it is typed and shown formatted once it is complete. */
export default function FaxNumberField() {
  const draft = useStore($draft);
  const recipient = useStore($recipient);
  const checking = useStore($numberCheckPending);
  const [touched, setTouched] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const ids = { input: useId(), hint: useId(), check: useId() };
  const typed = draft.toNumber.trim() !== '';
  const showInvalid = typed && !recipient && !checking && touched;
  return (
    <div className="field">
      <label htmlFor={ids.input}>{t('send.faxNumber')}</label>
      <input
        ref={input}
        id={ids.input}
        type="tel"
        name="toNumber"
        autoComplete="off"
        inputMode="tel"
        maxLength={40}
        required
        value={draft.toNumber}
        aria-invalid={showInvalid || undefined}
        aria-describedby={`${ids.hint} ${ids.check}`}
        // The phone library loads as the person starts on the number, not with the page.
        onFocus={preloadPhoneParser}
        onChange={(event) => updateDraft('toNumber', event.target.value)}
        onBlur={() => {
          setTouched(true);
          // Shown the way it will be dialled, (212) 555-0123, once the phone library has read it
          // (at once when it is here; else when it arrives, unless the person is back typing).
          void loadPhoneParser()
            .then(() => {
              const read = $recipient.get();
              if (read && document.activeElement !== input.current) updateDraft('toNumber', read.display);
            })
            .catch(() => undefined);
        }}
      />
      <p className="hint" id={ids.hint}>
        {t('send.faxNumberHint')}
      </p>
      <p id={ids.check} className={recipient ? 'field-ok' : showInvalid ? 'field-error' : 'hint'}>
        {recipient ? t('send.faxNumberValid', { number: recipient.display }) : showInvalid ? t('send.faxNumberInvalid') : ''}
      </p>
    </div>
  );
}
