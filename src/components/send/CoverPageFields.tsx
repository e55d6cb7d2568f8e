import cover from 'virtual:messages/send.cover';
import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { COVER_PAGE_TEMPLATES } from '../../common/cover-page-rules';
import { translator } from '../../i18n/translator';
import { $draft, type SendDraft, updateDraft } from '../../stores/send-draft';
import { $coverDefaults } from '../../stores/send-fax';
import { $recipientList } from '../../stores/send-recipients';
import CoverPagePreview from './CoverPagePreview';
import './cover-page.css';

const t = translator({ send: { cover } });

type Following = keyof Pick<SendDraft, 'toName' | 'coverToNumber' | 'toCompany' | 'fromName' | 'fromNumber'>;
type Own = keyof Pick<SendDraft, 'fromCompany' | 'subject'>;

/**
 * The cover page, once switched on (loaded then, decision 032): a template, who it is for and
 * from, a subject and a message, beside a picture of it as it will be sent.
 */
export default function CoverPageFields() {
  const draft = useStore($draft);
  const defaults = useStore($coverDefaults);
  const many = useStore($recipientList).valid.length > 1;
  const ids = { message: useId() };

  const field = (label: string, value: string, onChange: (value: string) => void, max: number, autoComplete = 'off') => {
    const id = `cover-${label.replace(/\W+/g, '-').toLowerCase()}`;
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input id={id} type="text" maxLength={max} autoComplete={autoComplete} value={value} onChange={(e) => onChange(e.target.value)} />
      </div>
    );
  };
  // Fields that follow another value (the first recipient, the account) until the user types their own.
  const following = (key: Following, label: string, fallback: string, max: number) =>
    field(label, draft[key] ?? fallback, (value) => updateDraft(key, value), max);
  const own = (key: Own, label: string, max: number, autoComplete?: string) =>
    field(label, draft[key], (value) => updateDraft(key, value), max, autoComplete);

  return (
    <div className="cover-page option-body">
      <div className="cover-fields">
        <fieldset className="template-choice">
          <legend>{t('send.cover.template')}</legend>
          {COVER_PAGE_TEMPLATES.map((template) => (
            <label key={template} className="radio">
              <input
                type="radio"
                name="cover-template"
                value={template}
                checked={draft.template === template}
                onChange={() => updateDraft('template', template)}
              />
              {t(`send.cover.templates.${template}`)}
            </label>
          ))}
        </fieldset>
        {many ? (
          <p className="hint cover-each">{t('send.cover.eachRecipient')}</p>
        ) : (
          <div className="cover-columns">
            {following('toName', t('send.cover.toName'), defaults.toName, 80)}
            {following('coverToNumber', t('send.cover.toNumber'), defaults.toNumber, 40)}
            {following('toCompany', t('send.cover.toCompany'), defaults.toCompany, 80)}
          </div>
        )}
        <div className="cover-columns">
          {following('fromName', t('send.cover.fromName'), defaults.fromName, 80)}
          {following('fromNumber', t('send.cover.fromNumber'), defaults.fromNumber, 40)}
          {own('fromCompany', t('send.cover.fromCompany'), 80, 'organization')}
        </div>
        {own('subject', t('send.cover.subject'), 120)}
        <div className="field">
          <label htmlFor={ids.message}>{t('send.cover.message')}</label>
          <textarea
            id={ids.message}
            rows={3}
            maxLength={2000}
            value={draft.message}
            onChange={(e) => updateDraft('message', e.target.value)}
          />
        </div>
        <p className="hint">{t('send.cover.dateHint')}</p>
      </div>
      <CoverPagePreview />
    </div>
  );
}
