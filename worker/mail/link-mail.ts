import { escapeHtml, type MailMessage } from './message';

interface LinkMailContent {
  to: string;
  subject: string;
  /** Paragraphs before the link. */
  intro: string[];
  /** The button text in the HTML version. */
  action: string;
  link: string;
  /** Paragraphs after the link (validity, what to do if unexpected, signature). */
  outro: string[];
}

/** A plain mail built around one link, as text and as HTML in which everything is escaped. */
export function linkMail(content: LinkMailContent): MailMessage {
  const text = [...content.intro, '', content.link, '', ...content.outro].join('\n\n').replace(/\n{3,}/g, '\n\n');
  const p = (line: string): string => `<p>${escapeHtml(line)}</p>`;
  const html = [
    '<!doctype html><html><body>',
    ...content.intro.map(p),
    `<p><a href="${escapeHtml(content.link)}">${escapeHtml(content.action)}</a></p>`,
    `<p>${escapeHtml(content.link)}</p>`,
    ...content.outro.map(p),
    '</body></html>',
  ].join('\n');
  return { to: content.to, subject: content.subject, text, html };
}

/** A plain notice with no link. */
export function noticeMail(to: string, subject: string, paragraphs: string[]): MailMessage {
  return {
    to,
    subject,
    text: paragraphs.join('\n\n'),
    html: ['<!doctype html><html><body>', ...paragraphs.map((line) => `<p>${escapeHtml(line)}</p>`), '</body></html>'].join('\n'),
  };
}
