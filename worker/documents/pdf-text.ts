import { type Color, type PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { layoutText, type Measure } from '../domain/cover-page-layout';

// pdf-lib's standard fonts (Helvetica) only encode WinAnsi (Windows-1252) and throw on anything
// else, so every user string passes through toWinAnsi before it is measured or drawn.

// The characters of Windows-1252 outside Latin-1 (0x80–0x9F).
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

// Lookalikes NFKC does not turn into something encodable.
const LOOKALIKES: Readonly<Record<string, string>> = {
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2212': '-',
  '\u2015': '—',
  '\u2032': "'",
  '\u2033': '"',
  '\u201B': '‘',
  '\u201F': '“',
};

// Invisible: zero-width spaces and joiners, variation selectors, byte-order mark, combining marks
// left over after NFC (a base letter alone reads better than a "?").
// biome-ignore lint/suspicious/noMisleadingCharacterClass: each invisible mark is removed on its own, joined or not
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\uFE00-\uFE0F\u0300-\u036F]/u;

export function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(char);
}

function replaceChar(char: string): string {
  if (isWinAnsi(char) || char === '\n') return char;
  if (char === '\t') return ' ';
  if (INVISIBLE.test(char)) return '';
  const lookalike = LOOKALIKES[char];
  if (lookalike) return lookalike;
  // Control characters other than a line break mean nothing on paper.
  if (/\p{Cc}/u.test(char)) return '';
  // Compatibility forms: ligatures, full-width letters, odd spaces, circled digits.
  const compatible = char.normalize('NFKC');
  if (compatible !== char && Array.from(compatible).every(isWinAnsi)) return compatible;
  return '?';
}

/**
 * The text with line breaks as "\n" and every character Helvetica cannot encode replaced:
 * lookalikes by their WinAnsi twin, invisible ones dropped, the rest (emoji, CJK…) by "?".
 */
export function toWinAnsi(text: string): string {
  const normalized = text.normalize('NFC').replace(/\r\n?/g, '\n');
  let out = '';
  for (const char of normalized) out += replaceChar(char);
  return out;
}

const BLACK = rgb(0, 0, 0);

export interface TextStyle {
  font: PDFFont;
  size: number;
  color?: Color;
  lineHeight?: number;
}

function measureWith(style: TextStyle): Measure {
  return (text) => style.font.widthOfTextAtSize(text, style.size);
}

export function lineHeightOf(style: TextStyle): number {
  return style.lineHeight ?? style.size * 1.3;
}

interface TextBlock {
  x: number;
  /** Top edge of the first line. */
  top: number;
  maxWidth: number;
  maxLines: number;
}

/** Draws lines top-down from `top`; answers the y just below the last one. */
export function drawLines(page: PDFPage, lines: readonly string[], x: number, top: number, style: TextStyle): number {
  const lineHeight = lineHeightOf(style);
  lines.forEach((line, i) => {
    if (!line) return;
    // drawText places the baseline; Helvetica's capitals rise about 0.72 of the size above it.
    const baseline = top - i * lineHeight - style.size * 0.8;
    page.drawText(line, { x, y: baseline, font: style.font, size: style.size, color: style.color ?? BLACK });
  });
  return top - lines.length * lineHeight;
}

/** The lines sanitized text takes in a box: wrapped, truncated, none at all for an empty string. */
export function linesOf(text: string, block: Pick<TextBlock, 'maxWidth' | 'maxLines'>, style: TextStyle): string[] {
  if (!text) return [];
  return layoutText(text, { maxWidth: block.maxWidth, maxLines: block.maxLines, measure: measureWith(style) });
}

/** Draws sanitized text wrapped and truncated inside a box; answers the y just below it (`top` if empty). */
export function drawTextBlock(page: PDFPage, text: string, block: TextBlock, style: TextStyle): number {
  return drawLines(page, linesOf(text, block, style), block.x, block.top, style);
}

/** Draws one line of sanitized text right-aligned to `right`, shortened to fit `maxWidth`. */
export function drawRightAligned(page: PDFPage, text: string, right: number, top: number, maxWidth: number, style: TextStyle): void {
  const [line] = linesOf(text, { maxWidth, maxLines: 1 }, style);
  if (!line) return;
  drawLines(page, [line], right - style.font.widthOfTextAtSize(line, style.size), top, style);
}

/** The document's bytes, typed so they can be a response body as they are. */
export async function savePdf(pdf: PDFDocument): Promise<Uint8Array<ArrayBuffer>> {
  // pdf-lib writes into a fresh ArrayBuffer; its typings predate TypeScript's typed-array generics.
  return (await pdf.save()) as Uint8Array<ArrayBuffer>;
}
