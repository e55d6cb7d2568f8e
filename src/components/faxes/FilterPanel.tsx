import faxFiltersMessages from 'virtual:messages/faxFilters';
import { statusFiltersOf } from '../../common/fax-search';
import type { FaxDirection } from '../../common/faxes';
import { translator } from '../../i18n/translator';
import type { FaxListFilters } from '../../stores/fax-list-filters';
import Icon from '../icons/Icon';

const t = translator({ faxFilters: faxFiltersMessages });

/** The filters set in the panel (the typed text is in the search field): what the button counts. */
export function panelFilterCount(filters: FaxListFilters): number {
  return [filters.status !== '', filters.from !== '', filters.to !== '', filters.unread].filter(Boolean).length;
}

interface Props {
  id: string;
  /** Ties the panel to its button (use-anchor.ts). */
  anchor: (element: HTMLElement | null) => void;
  direction: FaxDirection;
  filters: FaxListFilters;
  onChange: (patch: Partial<FaxListFilters>) => void;
}

/**
 * The filters besides the text (decision 027): the status, a range of days ("Date from" … "until"),
 * unread only in the inbox. A native popover under the button on a desktop, a sheet from the
 * bottom on a phone (fax-filters.css); each change applies at once.
 */
export default function FilterPanel({ id, anchor, direction, filters, onChange }: Props) {
  return (
    <div id={id} popover="auto" className="filter-panel" role="dialog" aria-labelledby={`${id}-heading`} ref={anchor}>
      <div className="filter-panel-header">
        <h2 id={`${id}-heading`}>{t('faxFilters.filters')}</h2>
        <button
          type="button"
          className="button ghost small icon-only"
          popoverTarget={id}
          popoverTargetAction="hide"
          aria-label={t('faxFilters.close')}
        >
          <Icon name="x" />
        </button>
      </div>
      <div className="field">
        <label htmlFor={`${id}-status`}>{t('faxFilters.status')}</label>
        <select
          id={`${id}-status`}
          value={filters.status}
          onChange={(event) => onChange({ status: event.target.value as FaxListFilters['status'] })}
        >
          <option value="">{t('faxFilters.anyStatus')}</option>
          {statusFiltersOf(direction).map((status) => (
            <option key={status} value={status}>
              {t(`faxFilters.statuses.${status}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="filter-dates">
        <div className="field">
          <label htmlFor={`${id}-from`}>{t('faxFilters.from')}</label>
          <input
            id={`${id}-from`}
            type="date"
            value={filters.from}
            max={filters.to || undefined}
            onChange={(event) => onChange({ from: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>{t('faxFilters.to')}</label>
          <input
            id={`${id}-to`}
            type="date"
            value={filters.to}
            min={filters.from || undefined}
            onChange={(event) => onChange({ to: event.target.value })}
          />
        </div>
      </div>
      {direction === 'RECEIVE' && (
        <div className="field checkbox">
          <input
            id={`${id}-unread`}
            type="checkbox"
            checked={filters.unread}
            onChange={(event) => onChange({ unread: event.target.checked })}
          />
          <label htmlFor={`${id}-unread`}>{t('faxFilters.unread')}</label>
        </div>
      )}
      <div className="dialog-actions">
        <button type="button" className="button primary" popoverTarget={id} popoverTargetAction="hide">
          {t('faxFilters.done')}
        </button>
      </div>
    </div>
  );
}
