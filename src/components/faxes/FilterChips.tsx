import faxFiltersMessages from 'virtual:messages/faxFilters';
import { formatDate } from '../../i18n/dates';
import { translator } from '../../i18n/translator';
import type { FaxListFilters } from '../../stores/fax-list-filters';
import Icon from '../icons/Icon';

const t = translator({ faxFilters: faxFiltersMessages });

/** A calendar day of a filter (YYYY-MM-DD) as people read it: "Nov 1, 2026". */
function dayText(day: string): string {
  return formatDate(Date.parse(`${day}T12:00:00Z`), 'day', 'UTC');
}

interface Chip {
  text: string;
  remove: Partial<FaxListFilters>;
}

function chipsOf(filters: FaxListFilters): Chip[] {
  const chips: Chip[] = [];
  if (filters.status) chips.push({ text: t(`faxFilters.statuses.${filters.status}`), remove: { status: '' } });
  if (filters.from) chips.push({ text: t('faxFilters.chipFrom', { day: dayText(filters.from) }), remove: { from: '' } });
  if (filters.to) chips.push({ text: t('faxFilters.chipTo', { day: dayText(filters.to) }), remove: { to: '' } });
  if (filters.unread) chips.push({ text: t('faxFilters.unread'), remove: { unread: false } });
  return chips;
}

/** The filters that narrow the list, each a chip that removes it, and one button that clears them all. */
export default function FilterChips({
  filters,
  onChange,
  onClear,
}: {
  filters: FaxListFilters;
  onChange: (patch: Partial<FaxListFilters>) => void;
  onClear: () => void;
}) {
  const chips = chipsOf(filters);
  return (
    <div className="filter-chips">
      {chips.length > 0 && (
        <ul aria-label={t('faxFilters.chipsLabel')}>
          {chips.map((chip) => (
            <li key={chip.text} className="chip">
              {chip.text}
              <button type="button" aria-label={t('faxFilters.removeChip', { filter: chip.text })} onClick={() => onChange(chip.remove)}>
                <Icon name="x" className="icon-small" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="button link small" onClick={onClear}>
        {t('faxFilters.clear')}
      </button>
    </div>
  );
}
