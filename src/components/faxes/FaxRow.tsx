import type { FaxView } from '../../common/faxes';
import { formatDateTime, formatListDate, formatShortListDate } from '../../i18n/dates';
import RowMenu, { type MenuAction } from '../list/RowMenu';
import LocalTime from '../time/LocalTime';
import { useTimeZone } from '../time/time-zone';
import FaxStatusPill from './FaxStatusPill';
import { pagesText } from './fax-text';

/** How a list words one of its faxes (each list in its own words: from, to, sent to…). */
export interface FaxRowWords {
  /** The first line: the contact's name, or the number. */
  name: string;
  /** Under it: the number under a name; in the trash, which way the fax went. */
  sub: string | null;
  /** "Unread", said to screen readers beside the dot; null when read. */
  unread: string | null;
  openLabel: string;
  selectLabel: string;
  menuLabel: string;
  /** Marks of a sent fax: Cover page, Anonymous. */
  marks: string[];
  /** The trash: "Deleted forever on", the heading the cell says itself on a phone. */
  purgeLabel?: string;
}

interface Props {
  fax: FaxView;
  words: FaxRowWords;
  pages: number;
  /** When the trash deletes it forever; absent in the history lists. */
  purgeAt?: number | null;
  selectable: boolean;
  selected: boolean;
  onToggle: (on: boolean) => void;
  actions: MenuAction[];
}

/** One fax in a list: a click anywhere on it opens the fax; its box and its "⋯" menu are their own. */
export default function FaxRow({ fax, words, pages, purgeAt, selectable, selected, onToggle, actions }: Props) {
  const timeZone = useTimeZone();
  return (
    <tr className={words.unread ? 'list-row fax-row unread' : 'list-row fax-row'}>
      <td className="fax-select">
        <input
          type="checkbox"
          checked={selected}
          disabled={!selectable}
          aria-label={words.selectLabel}
          onChange={(event) => onToggle(event.currentTarget.checked)}
        />
      </td>
      <td className="fax-party">
        <a className="row-link" href={`/faxDetails/${encodeURIComponent(fax.id)}`} aria-label={words.openLabel}>
          {words.unread && <span className="unread-dot" />}
          <span className="party-name number-display">{words.name}</span>
        </a>
        {words.unread && <span className="visually-hidden">{words.unread}</span>}
        {words.sub && <span className="party-number">{words.sub}</span>}
      </td>
      <td className="fax-status">
        <FaxStatusPill fax={fax} detail />
      </td>
      <td className="fax-pages">
        {pages > 0 && pagesText(pages)}
        {words.marks.length > 0 && <span className="fax-marks">{words.marks.join(' · ')}</span>}
      </td>
      <td className="fax-date">
        <time dateTime={new Date(fax.start).toISOString()} title={formatDateTime(fax.start, timeZone)}>
          <span className="date-long">{formatListDate(fax.start, timeZone)}</span>
          <span className="date-short">{formatShortListDate(fax.start, timeZone)}</span>
        </time>
      </td>
      {purgeAt !== undefined && (
        <td className="fax-purge" data-label={words.purgeLabel}>
          {purgeAt !== null && <LocalTime at={purgeAt} style="day" />}
        </td>
      )}
      <td className="fax-menu">
        <RowMenu label={words.menuLabel} actions={actions} />
      </td>
    </tr>
  );
}
