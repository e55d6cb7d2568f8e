import faxFiltersMessages from 'virtual:messages/faxFilters';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { FaxDirection } from '../../common/faxes';
import { translator } from '../../i18n/translator';
import { preloadPhoneParser } from '../../lib/phone-parser';
import { type FaxListFilters, FILTER_TEXT_MAX, hasFilters, NO_FILTERS } from '../../stores/fax-list-filters';
import Icon from '../icons/Icon';
import EmptyState from '../list/EmptyState';
import { useAnchor } from '../list/use-anchor';
import FilterChips from './FilterChips';
import FilterPanel, { panelFilterCount } from './FilterPanel';
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
 * The search of a history page (decision 027; the list first): one line with a number or a
 * name searched as it is typed and a "Filters" button counting what else narrows the list (status,
 * days, unread only), which opens in a panel; what is set shows as chips that remove it. The list
 * store keeps it all in the page's address.
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
  const count = panelFilterCount(filters);
  const panel = `${id}-panel`;
  const anchor = useAnchor(id);

  return (
    <search className="fax-search" aria-label={t(direction === 'SEND' ? 'faxFilters.sentLabel' : 'faxFilters.inboxLabel')}>
      <form className="fax-search-row" onSubmit={submit}>
        <div className="search-field">
          <Icon name="search" />
          <label className="visually-hidden" htmlFor={`${id}-text`}>
            {t('faxFilters.text')}
          </label>
          <input
            id={`${id}-text`}
            type="search"
            value={text}
            maxLength={FILTER_TEXT_MAX}
            autoComplete="off"
            placeholder={t('faxFilters.text')}
            aria-describedby={`${id}-hint`}
            // A number typed here is read as the server reads it once the phone library is here.
            onFocus={preloadPhoneParser}
            onChange={(event) => setText(event.target.value)}
          />
          <span className="visually-hidden" id={`${id}-hint`}>
            {t('faxFilters.textHint')}
          </span>
        </div>
        <button type="button" className="button secondary filter-button" popoverTarget={panel} ref={anchor}>
          <Icon name="sliders-horizontal" />
          <span className="filter-button-text">{t('faxFilters.filters')}</span>
          {count > 0 && (
            <>
              <span className="count" aria-hidden="true">
                {count}
              </span>
              <span className="visually-hidden"> {t('faxFilters.activeCount', { count })}</span>
            </>
          )}
        </button>
      </form>
      <FilterPanel id={panel} anchor={anchor} direction={direction} filters={filters} onChange={change} />
      {hasFilters({ ...filters, text }) && <FilterChips filters={filters} onChange={change} onClear={clear} />}
    </search>
  );
}

/** What a filtered list shows when nothing matches: not "no faxes yet". */
export function NoFaxesMatch({ onClear }: { onClear: () => void }) {
  return (
    <EmptyState icon="search" title={t('faxFilters.noMatch')} text={t('faxFilters.noMatchHelp')}>
      <button type="button" className="button secondary" onClick={onClear}>
        {t('faxFilters.clear')}
      </button>
    </EmptyState>
  );
}
