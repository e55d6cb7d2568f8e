import { ERROR_CODES, isErrorCode } from '../../../src/common/errors';

// What docs/api.md promises each route answers, read from the page itself so the fuzzing of issue
// 15 holds the server to its documentation: a status and code the page does not name for that
// route is a finding, whether the code or the page is what is wrong.
//
// How the page is read: a table row whose first cell is `METHOD /api/path` documents that route;
// its answers cell names statuses (`201 …`, `404`, (401)) and codes, each code belonging to the
// status written before it (`400 INVALID_EMAIL` / `WEAK_PASSWORD` is two 400s). The prose of the
// route's `##` section counts for each of its routes, and the text above the first section (the
// common answers) for every route.

export interface DocumentedAnswers {
  /** `METHOD /api/path` → its documented answers. */
  routes: Map<string, RouteAnswers>;
  common: RouteAnswers;
}

export interface RouteAnswers {
  statuses: Set<number>;
  /** `status CODE` pairs. */
  pairs: Set<string>;
}

const ROUTE_CELL = /^\|\s*`(GET|POST|PUT|DELETE|PATCH) (\/api\/[^`?\s]*)[^`]*`\s*\|/;
// A status: a 3-digit number at the start of a code span or in parentheses, or followed by a code.
const TOKEN = new RegExp(
  `(?:(?<=[\`(])([1-5]\\d\\d)\\b|\\b([1-5]\\d\\d)(?= \`?(?:${ERROR_CODES.join('|')})\\b))|\\b([A-Z][A-Z_]{2,})\\b`,
  'g',
);

function emptyAnswers(): RouteAnswers {
  return { statuses: new Set(), pairs: new Set() };
}

/** Adds the statuses and status-code pairs written in `text` to `into`. */
function readAnswers(text: string, into: RouteAnswers): void {
  let status: number | null = null;
  for (const match of text.matchAll(TOKEN)) {
    const number = match[1] ?? match[2];
    if (number) {
      status = Number(number);
      into.statuses.add(status);
    } else if (status !== null && isErrorCode(match[3]!)) {
      into.pairs.add(`${status} ${match[3]}`);
    }
  }
}

function merge(into: RouteAnswers, from: RouteAnswers): void {
  for (const status of from.statuses) into.statuses.add(status);
  for (const pair of from.pairs) into.pairs.add(pair);
}

export function readDocumentedAnswers(markdown: string): DocumentedAnswers {
  const routes = new Map<string, RouteAnswers>();
  const common = emptyAnswers();
  let section: { prose: RouteAnswers; routes: string[] } | null = null;
  const closeSection = (): void => {
    for (const route of section?.routes ?? []) merge(routes.get(route)!, section!.prose);
  };
  // Prose is read a paragraph at a time: a status and its code may sit on two lines.
  let paragraph: string[] = [];
  const closeParagraph = (): void => {
    readAnswers(paragraph.join(' '), section ? section.prose : common);
    paragraph = [];
  };
  for (const line of markdown.split('\n')) {
    if (line.startsWith('#') || line.startsWith('|') || line.trim() === '') closeParagraph();
    if (line.startsWith('## ')) {
      closeSection();
      section = { prose: emptyAnswers(), routes: [] };
      continue;
    }
    const row = ROUTE_CELL.exec(line);
    if (row && section) {
      const key = `${row[1]} ${row[2]}`;
      const answers = routes.get(key) ?? emptyAnswers();
      readAnswers(line.replace(ROUTE_CELL, ''), answers);
      routes.set(key, answers);
      section.routes.push(key);
    } else if (!line.startsWith('|') && !line.startsWith('#')) {
      paragraph.push(line);
    }
  }
  closeParagraph();
  closeSection();
  return { routes, common };
}

/**
 * Why this answer is not what the page documents for the route, or null when it is: a 2xx the
 * route's row names; a refusal shaped `{ error: { code, message } }` whose status and code the
 * route's row, its section or the common answers name. A 5xx is never acceptable.
 */
export function undocumentedAnswer(docs: DocumentedAnswers, route: string, status: number, body: string): string | null {
  const answers = docs.routes.get(route);
  if (!answers) return `${route} has no row in docs/api.md`;
  if (status >= 500) return `${route} answered ${status}: ${body.slice(0, 300)}`;
  if (status < 400) return answers.statuses.has(status) ? null : `${route} answered ${status}, which its row does not name`;
  let code: unknown;
  let message: unknown;
  try {
    ({ code, message } = (JSON.parse(body) as { error: { code: unknown; message: unknown } }).error);
  } catch {
    return `${route} answered ${status} without an error body: ${body.slice(0, 200)}`;
  }
  if (typeof code !== 'string' || !isErrorCode(code))
    return `${route} answered ${status} with code ${String(code)}, not one of src/common/errors.ts`;
  if (typeof message !== 'string' || message.length === 0) return `${route} answered ${status} ${code} without a message`;
  const pair = `${status} ${code}`;
  if (answers.pairs.has(pair) || docs.common.pairs.has(pair)) return null;
  return `${route} answered ${pair}, which docs/api.md does not name for it`;
}
