import type { CoverPage } from '../../src/common/cover-page';
import { t } from '../../src/i18n/t';

// Text layout for cover pages, free of pdf-lib: the width of a string comes in as a function, so
// the rules (wrapping, truncation, the sender's date) are tested without drawing anything.

/** Width of a string in points, in the font and size it will be drawn in. */
export type Measure = (text: string) => number;

const ELLIPSIS = '…';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * The date and time as the sender's own clock showed them, e.g. "November 22, 2026, 9:05 AM".
 * Built from the numbers the browser sent: the server's clock and time zone play no part.
 */
export function formatCoverDate(options: CoverPage['localDateOptions']): string {
  const { hours, minutes, month, date, year } = options;
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  const meridiem = hours < 12 ? 'AM' : 'PM';
  return `${MONTHS[month - 1]} ${date}, ${year}, ${hour12}:${String(minutes).padStart(2, '0')} ${meridiem}`;
}

/** "3 pages including this cover"; `totalPages` counts the cover. */
export function formatPageCount(totalPages: number): string {
  return t(totalPages === 1 ? 'coverPagePdf.pageCountOne' : 'coverPagePdf.pageCountOther', { count: totalPages });
}

/** Splits one over-long word into pieces that each fit, at least one character per piece. */
function breakWord(word: string, maxWidth: number, measure: Measure): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const char of word) {
    if (piece && measure(piece + char) > maxWidth) {
      pieces.push(piece);
      piece = '';
    }
    piece += char;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

function wrapParagraph(paragraph: string, maxWidth: number, measure: Measure): string[] {
  // Only plain spaces break: a no-break space keeps its words together.
  const words = paragraph.split(/[ \t]+/).filter(Boolean);
  // A blank line in the message is a paragraph break the sender meant: keep it.
  if (words.length === 0) return [''];
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (measure(candidate) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    const pieces = measure(word) <= maxWidth ? [word] : breakWord(word, maxWidth, measure);
    lines.push(...pieces.slice(0, -1));
    line = pieces.at(-1) ?? '';
  }
  lines.push(line);
  return lines;
}

/** Lines no wider than `maxWidth`, breaking between words, inside a word only when it cannot fit. */
export function wrapText(text: string, maxWidth: number, measure: Measure): string[] {
  return text.split(/\r\n|\r|\n/).flatMap((paragraph) => wrapParagraph(paragraph, maxWidth, measure));
}

/** The line shortened until it fits with a trailing "…". */
export function withEllipsis(line: string, maxWidth: number, measure: Measure): string {
  const chars = Array.from(line.trimEnd());
  while (chars.length > 0 && measure(chars.join('') + ELLIPSIS) > maxWidth) chars.pop();
  return chars.join('').trimEnd() + ELLIPSIS;
}

/** At most `maxLines` lines; when some are cut, the last one kept ends with "…". */
export function truncateLines(lines: readonly string[], maxLines: number, maxWidth: number, measure: Measure): string[] {
  if (lines.length <= maxLines) return [...lines];
  if (maxLines <= 0) return [];
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = withEllipsis(kept[maxLines - 1] ?? '', maxWidth, measure);
  return kept;
}

interface TextBox {
  maxWidth: number;
  maxLines: number;
  measure: Measure;
}

/** Wraps then truncates: the lines to draw for `text` in a box. */
export function layoutText(text: string, box: TextBox): string[] {
  return truncateLines(wrapText(text, box.maxWidth, box.measure), box.maxLines, box.maxWidth, box.measure);
}

/** How many lines of `lineHeight` fit between `top` and `bottom` (PDF y grows upwards). */
export function linesThatFit(top: number, bottom: number, lineHeight: number): number {
  return Math.max(0, Math.floor((top - bottom) / lineHeight));
}
