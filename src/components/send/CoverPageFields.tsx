import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { COVER_PAGE_TEMPLATES } from '../../common/cover-page-rules';
import sendMessages from 'virtual:messages/send';
import { translator } from '../../i18n/translator';
import { $coverDefaults, $draft, updateDraft, type SendDraft } from '../../stores/send-fax';
import Field from '../forms/Field';
import CoverPagePreview from './CoverPagePreview';

const t = translator({ send: sendMessages });

type TextKey = 'toName' | 'toCompany' | 'fromCompany' | 'subject';

/** The optional cover page: a template and who it is to and from, with a preview. */
export default function CoverPageFields() {
  const draft = useStore($draft);
  const defaults = useStore($coverDefaults);
  const ids = { check: useId(), message: useId() };

  const text = (key: TextKey, label: string, max: number, autoComplete = 'off') => (
    <Field
      label={label}
      type="text"
      maxLength={max}
      autoComplete={autoComplete}
      value={draft[key]}
      onChange={(e) => updateDraft(key, e.target.value)}
    />
  );
  // Fields that follow another value until the user types their own.
  const following = (
    key: keyof Pick<SendDraft, 'coverToNumber' | 'fromName' | 'fromNumber'>,
    label: string,
    fallback: string,
    max: number,
  ) => (
    <Field
      label={label}
      type="text"
      maxLength={max}
      autoComplete="off"
      value={draft[key] ?? fallback}
      onChange={(e) => updateDraft(key, e.target.value)}
    />
  );

  return (
    <section className="card" aria-labelledby="cover-heading">
      <h2 id="cover-heading">{t('send.coverHeading')}</h2>
      <div className="field checkbox">
        <input id={ids.check} type="checkbox" checked={draft.withCover} onChange={(e) => updateDraft('withCover', e.target.checked)} />
        <label htmlFor={ids.check}>{t('send.addCoverPage')}</label>
      </div>
      {draft.withCover && (
        <div className="cover-fields">
          <fieldset className="template-choice">
            <legend>{t('send.template')}</legend>
            {COVER_PAGE_TEMPLATES.map((template) => (
              <label key={template} className="radio">
                <input
                  type="radio"
                  name="cover-template"
                  value={template}
                  checked={draft.template === template}
                  onChange={() => updateDraft('template', template)}
                />
                {t(`send.templates.${template}`)}
              </label>
            ))}
          </fieldset>
          <div className="cover-columns">
            <div>
              {text('toName', t('send.toName'), 80)}
              {following('coverToNumber', t('send.toNumber'), defaults.toNumber, 40)}
              {text('toCompany', t('send.toCompany'), 80)}
            </div>
            <div>
              {following('fromName', t('send.fromName'), defaults.fromName, 80)}
              {following('fromNumber', t('send.fromNumber'), defaults.fromNumber, 40)}
              {text('fromCompany', t('send.fromCompany'), 80, 'organization')}
            </div>
          </div>
          {text('subject', t('send.subject'), 120)}
          <div className="field">
            <label htmlFor={ids.message}>{t('send.message')}</label>
            <textarea
              id={ids.message}
              rows={5}
              maxLength={2000}
              value={draft.message}
              onChange={(e) => updateDraft('message', e.target.value)}
            />
          </div>
          <p className="hint">{t('send.coverDateHint')}</p>
          <CoverPagePreview />
        </div>
      )}
    </section>
  );
}
