import { type DateStyle, formatDate } from '../../i18n/dates';
import { useTimeZone } from './time-zone';

interface Props {
  /** UTC milliseconds. */
  at: number;
  style?: DateStyle;
  /** A fuller wording for the tooltip, e.g. the date and time of a time shown alone. */
  titleStyle?: DateStyle;
}

/** A moment as the reader reads it, in their time zone, with the machine-readable instant. */
export default function LocalTime({ at, style = 'dateTime', titleStyle }: Props) {
  const timeZone = useTimeZone();
  return (
    <time dateTime={new Date(at).toISOString()} title={titleStyle ? formatDate(at, titleStyle, timeZone) : undefined}>
      {formatDate(at, style, timeZone)}
    </time>
  );
}
