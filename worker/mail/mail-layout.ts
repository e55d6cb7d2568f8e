import { LOCALE, t } from '../../src/i18n/t';
import { escapeHtml } from './message';

// The one look of every mail the product sends. Mail clients are not browsers: Outlook for
// Windows draws with Word, Gmail drops <link> and most of <head>, so the layout is nested tables
// with every style inline, a fixed 600px width behind an Outlook-only table, and system fonts.
// Inline styles are the light colours; clients that honour prefers-color-scheme get the dark ones
// from the <style> block, which must win over inline styles, hence !important.

export interface MailLayout {
  /** The <title>; some clients show it in a tab or a print header. */
  subject: string;
  /** Paragraphs above the button. */
  intro: string[];
  /** The one thing the mail asks the reader to do, or null for a notice. */
  action: { label: string; link: string } | null;
  /** Paragraphs below the button. */
  outro: string[];
  /** The quiet line under the card: why this address got the mail. */
  footer: string;
}

const FONT = "Inter, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const PAGE = '#f6f7f9';
const CARD = '#ffffff';
const BORDER = '#e3e6eb';
const TEXT = '#0e1116';
const SECONDARY = '#5d6778';
const BUTTON = '#2563eb';
const LINK = '#1d4ed8';

// [data-ogsc] is how Outlook.com marks the elements it darkened; it ignores the media query.
const HEAD_STYLE = `
  :root { color-scheme: light dark; supported-color-schemes: light dark; }
  body { margin: 0; padding: 0; width: 100% !important; -webkit-text-size-adjust: 100%; }
  @media (prefers-color-scheme: dark) {
    .mail-page { background-color: #0c0e13 !important; }
    .mail-card { background-color: #14171e !important; border-color: #2b303b !important; }
    .mail-text { color: #e7e9ee !important; }
    .mail-secondary { color: #a1a9b8 !important; }
    .mail-link { color: #8fb0ff !important; }
  }
  [data-ogsc] .mail-text { color: #e7e9ee !important; }
  [data-ogsc] .mail-secondary { color: #a1a9b8 !important; }
  [data-ogsc] .mail-link { color: #8fb0ff !important; }
  @media (max-width: 620px) { .mail-card { padding: 24px 20px 8px !important; } }`;

/** Escaped, with the line breaks a paragraph may carry (a refusal's reason) kept. */
function escapeLines(value: string): string {
  return escapeHtml(value).replace(/\r?\n/g, '<br>');
}

function paragraph(line: string): string {
  return `<p class="mail-text" style="margin:0 0 16px;font-family:${FONT};font-size:16px;line-height:24px;color:${TEXT};">${escapeLines(line)}</p>`;
}

/**
 * A button that is a table cell, so Outlook (which ignores padding on links and CSS buttons)
 * still draws a filled block; mso-padding-alt gives it the padding there.
 */
function button(action: { label: string; link: string }): string {
  const href = escapeHtml(action.link);
  return [
    '<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 16px;border-collapse:separate;">',
    `<tr><td class="mail-button" align="center" bgcolor="${BUTTON}" style="background-color:${BUTTON};border-radius:8px;mso-padding-alt:12px 24px;">`,
    `<a href="${href}" target="_blank" style="display:inline-block;padding:12px 24px;font-family:${FONT};font-size:16px;font-weight:700;line-height:20px;color:#ffffff;text-decoration:none;border-radius:8px;">${escapeHtml(action.label)}</a>`,
    '</td></tr></table>',
    `<p class="mail-secondary" style="margin:0 0 24px;font-family:${FONT};font-size:14px;line-height:20px;color:${SECONDARY};">${escapeHtml(t('mail.buttonFallback'))}<br>`,
    `<a class="mail-link" href="${href}" target="_blank" style="color:${LINK};text-decoration:underline;word-break:break-all;">${href}</a></p>`,
  ].join('\n');
}

/**
 * What an inbox shows beside the subject: the opening sentence, skipping a bare greeting
 * ("Hello,"), then blank characters so the preview does not run on into the header.
 */
function preheader(paragraphs: string[]): string {
  const opening = paragraphs.find((line) => !line.trim().endsWith(',')) ?? '';
  const sentence = opening.split(/(?<=[.!?])\s+(?=\p{Lu})/u)[0] ?? '';
  return [
    `<div class="preheader" style="display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all;">`,
    escapeHtml(sentence),
    '&#847;&zwnj;&nbsp;'.repeat(60),
    '</div>',
  ].join('');
}

/** The whole HTML document of a mail: page, header, card with its words and button, footer. */
export function renderMailHtml(mail: MailLayout): string {
  const product = escapeHtml(t('app.name'));
  return `<!doctype html>
<html lang="${LOCALE}" xmlns="http://www.w3.org/1999/xhtml">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(mail.subject)}</title>
<style>${HEAD_STYLE}
</style>
<!--[if mso]><style>body, table, td, p, a { font-family: Arial, Helvetica, sans-serif !important; }</style><![endif]-->
</head>
<body class="mail-page" style="margin:0;padding:0;background-color:${PAGE};">
${preheader([...mail.intro, ...mail.outro])}
<table role="presentation" class="mail-page" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${PAGE}" style="background-color:${PAGE};">
<tr><td align="center" style="padding:32px 12px;">
<!--[if mso]><table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;">
<tr><td class="mail-text" style="padding:0 4px 16px;font-family:${FONT};font-size:20px;line-height:28px;font-weight:700;color:${TEXT};">${product}</td></tr>
<tr><td class="mail-card" bgcolor="${CARD}" style="background-color:${CARD};border:1px solid ${BORDER};border-radius:8px;padding:32px 32px 16px;">
${mail.intro.map(paragraph).join('\n')}
${mail.action ? button(mail.action) : ''}
${mail.outro.map(paragraph).join('\n')}
</td></tr>
<tr><td class="mail-secondary" style="padding:16px 4px 0;font-family:${FONT};font-size:13px;line-height:20px;color:${SECONDARY};">${escapeLines(mail.footer)}</td></tr>
</table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr>
</table>
</body>
</html>`;
}
