// A mail's HTML as a reader sees it, for checking that it says what its text version says: the
// words shown (no head, no hidden preview line, no tags, entities decoded) and its buttons.

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', zwnj: '\u200c' };

export function decodeEntities(html: string): string {
  return html.replace(/&(#\d+|#x[\da-f]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1]?.toLowerCase() === 'x' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return String.fromCodePoint(code);
  });
}

/** Runs of white space as one space, trimmed: a paragraph's words whatever the line breaks. */
export function words(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The words the HTML shows, in order. */
export function visibleWords(html: string): string {
  const body = html
    .replace(/<head>[\s\S]*?<\/head>/i, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<div class="preheader"[^>]*>[\s\S]*?<\/div>/, '');
  return words(decodeEntities(body.replace(/<[^>]*>/g, ' ')));
}

/** The hidden line an inbox shows as the mail's preview. */
export function preheaderOf(html: string): string | null {
  const match = /<div class="preheader"[^>]*>([\s\S]*?)<\/div>/.exec(html);
  return match ? words(decodeEntities(match[1]!).replace(/[\u034f\u200c]/g, '')) : null;
}

/** The text version's paragraphs, each as its words. */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\n{2,}/)
    .map(words)
    .filter(Boolean);
}

/**
 * The text version's paragraphs the HTML does not show in their place (each after the one
 * before it): none when the two versions say the same thing.
 */
export function paragraphsMissingFromHtml(mail: { text: string; html: string }): string[] {
  const shown = visibleWords(mail.html);
  const missing: string[] = [];
  let from = 0;
  for (const paragraph of paragraphsOf(mail.text)) {
    const at = shown.indexOf(paragraph, from);
    if (at < 0) missing.push(paragraph);
    else from = at + paragraph.length;
  }
  return missing;
}

/** Each primary button of the HTML: its label and where it leads. */
export function primaryButtons(html: string): Array<{ label: string; link: string }> {
  const cells = html.matchAll(/<td class="mail-button"[^>]*>\s*<a href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g);
  return [...cells].map(([, href, label]) => ({ label: words(decodeEntities(label!)), link: decodeEntities(href!) }));
}
