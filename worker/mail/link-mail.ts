import { t } from '../../src/i18n/t';
import { renderMailHtml } from './mail-layout';
import type { MailMessage } from './message';

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

// The text version is the source of the words: the HTML version says the same paragraphs in the
// same order (tests/unit/mail-words.test.ts), and adds only the button and the line under it.

function footerFor(to: string): string {
  return t('mail.footer', { email: to, product: t('app.name') });
}

/** A mail built around one link: the link on its own line in the text, a button in the HTML. */
export function linkMail(content: LinkMailContent): MailMessage {
  const footer = footerFor(content.to);
  return {
    to: content.to,
    subject: content.subject,
    text: [...content.intro, content.link, ...content.outro, footer].join('\n\n'),
    html: renderMailHtml({
      subject: content.subject,
      intro: content.intro,
      action: { label: content.action, link: content.link },
      outro: content.outro,
      footer,
    }),
  };
}

/** A notice with no link to follow. */
export function noticeMail(to: string, subject: string, paragraphs: string[]): MailMessage {
  const footer = footerFor(to);
  return {
    to,
    subject,
    text: [...paragraphs, footer].join('\n\n'),
    html: renderMailHtml({ subject, intro: paragraphs, action: null, outro: [], footer }),
  };
}
