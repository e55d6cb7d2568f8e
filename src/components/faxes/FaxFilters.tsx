import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { FaxDirection } from '../../common/faxes';
import { statusFiltersOf } from '../../common/fax-search';
import faxFiltersMessages from 'virtual:messages/faxFilters';
import { translator } from '../../i18n/translator';
import { preloadPhoneParser } from '../../lib/phone-parser';
import { type FaxListFilters, FILTER_TEXT_MAX, hasFilters, NO_FILTERS } from '../../stores/fax-list-filters';
import './fax-filters.css';

const t = translator({ faxFilters: faxFiltersMessages });

/** How long typing may pause before the list is searched again. */
const TYPING_PAUSE_MS = 300;

interface FaxFiltersProps {
  direction: FaxDirection;
  filters: FaxListFilters;
  onChange: (filters: FaxListFilters) => void;
}

/**
 * The search bar of a history page (issue 14): a number or a name searched as it is typed, the
 * status, a range of days and, in the inbox, unread only. The list store keeps them in the address.
 */
export default function FaxFilters({ direction, filters, onChange }: FaxFiltersProps) {
  const id = useId();
  const [text, setText] = useState(filters.text);
  // The text last handed to the store: a change coming back from it is not typed over.
  const handed = useRef(filters.text);

  useEffect(() => {
    // Filters set from elsewhere (read from the address, cleared) show their own text.
    if (filters.text !== handed.current) {
      handed.current = filters.text;
      setText(filters.text);
    }
  }, [filters.text]);

  useEffect(() => {
    if (text === filters.text) return;
    const timer = setTimeout(() => {
      handed.current = text;
      onChange({ ...filters, text });
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, filters, onChange]);

  const change = (patch: Partial<FaxListFilters>): void => {
    handed.current = text;
    onChange({ ...filters, text, ...patch });
  };
  const clear = (): void => {
    handed.current = '';
    setText('');
    onChange(NO_FILTERS);
  };
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    change({});
  };

  return (
    <search className="card" aria-label={t(direction === 'SEND' ? 'faxFilters.sentLabel' : 'faxFilters.inboxLabel')}>
      <form className="fax-filters" onSubmit={submit}>
        <div className="field fax-filters-text">
          <label htmlFor={`${id}-text`}>{t('faxFilters.text')}</label>
          <input
            id={`${id}-text`}
            type="search"
            value={text}
            maxLength={FILTER_TEXT_MAX}
            autoComplete="off"
            aria-describedby={`${id}-hint`}
            // A number typed here is read as the server reads it once the phone library is here.
            onFocus={preloadPhoneParser}
            onChange={(event) => setText(event.target.value)}
          />
          <p className="hint" id={`${id}-hint`}>
            {t('faxFilters.textHint')}
          </p>
        </div>
        <div className="field">
          <label htmlFor={`${id}-status`}>{t('faxFilters.status')}</label>
          <select
            id={`${id}-status`}
            value={filters.status}
            onChange={(event) => change({ status: event.target.value as FaxListFilters['status'] })}
          >
            <option value="">{t('faxFilters.anyStatus')}</option>
            {statusFiltersOf(direction).map((status) => (
              <option key={status} value={status}>
                {t(`faxFilters.statuses.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-from`}>{t('faxFilters.from')}</label>
          <input
            id={`${id}-from`}
            type="date"
            value={filters.from}
            max={filters.to || undefined}
            onChange={(event) => change({ from: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>{t('faxFilters.to')}</label>
          <input
            id={`${id}-to`}
            type="date"
            value={filters.to}
            min={filters.from || undefined}
            onChange={(event) => change({ to: event.target.value })}
          />
        </div>
        {direction === 'RECEIVE' && (
          <div className="field checkbox">
            <input
              id={`${id}-unread`}
              type="checkbox"
              checked={filters.unread}
              onChange={(event) => change({ unread: event.target.checked })}
            />
            <label htmlFor={`${id}-unread`}>{t('faxFilters.unread')}</label>
          </div>
        )}
        {hasFilters({ ...filters, text }) && (
          <div className="fax-filters-actions">
            <button type="button" className="button secondary" onClick={clear}>
              {t('faxFilters.clear')}
            </button>
          </div>
        )}
      </form>
    </search>
  );
}

/** What a filtered list shows when nothing matches: not "no faxes yet". */
export function NoFaxesMatch({ onClear }: { onClear: () => void }) {
  return (
    <section className="card empty-state">
      <p>{t('faxFilters.noMatch')}</p>
      <button type="button" className="button secondary" onClick={onClear}>
        {t('faxFilters.clear')}
      </button>
    </section>
  );
}
