import type { ContactView } from '../../src/common/contacts';
import type { RawContact, RawContactFile } from './contact-import';

// The phonebook as vCard (RFC 6350, and the 3.0 and 2.1 files address books still write): what
// export writes, and what import reads from it or from a phone's or mail program's export.

interface ContentLine {
  /** The group before a dot (`item1.TEL`): Apple Contacts labels a TEL through its group's X-ABLabel. */
  group: string;
  name: string;
  /** Parameter names and values, upper-cased names; a bare 2.1 parameter (TEL;FAX) is a TYPE. */
  types: string[];
  encoding: string | null;
  /** 2.1's CHARSET parameter (quoted-printable bytes in windows-1252, Shift_JIS…), lower-case. */
  charset: string | null;
  value: string;
}

/** Splits `value` on `separator` where it is not escaped with a backslash. */
function splitUnescaped(value: string, separator: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < value.length; i++) {
    const ch = value[i]!;
    if (ch === '\\' && i + 1 < value.length) {
      current += ch + value[i + 1];
      i++;
    } else if (ch === separator) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts;
}

function unescapeText(value: string): string {
  return value.replace(/\\([\\,;nN])/g, (_match, ch: string) => (ch === 'n' || ch === 'N' ? '\n' : ch));
}

/** The text of `bytes` in `charset`, UTF-8 when it is none or one this runtime does not know. */
function decodeBytes(bytes: Uint8Array, charset: string | null): string {
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder().decode(bytes);
  }
}

function decodeQuotedPrintable(value: string, charset: string | null): string {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const hex = value[i] === '=' ? /^[0-9A-Fa-f]{2}/.exec(value.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(Number.parseInt(hex[0], 16));
      i += 2;
    } else {
      for (const byte of new TextEncoder().encode(value[i]!)) bytes.push(byte);
    }
  }
  return decodeBytes(new Uint8Array(bytes), charset);
}

/** The file's logical lines: folded lines joined (RFC 6350 §3.2), and 2.1's quoted-printable soft breaks. */
function logicalLines(text: string): string[] {
  const lines: string[] = [];
  for (const physical of text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
    const previous = lines.at(-1);
    if ((physical.startsWith(' ') || physical.startsWith('\t')) && previous !== undefined) {
      lines[lines.length - 1] = previous + physical.slice(1);
    } else if (previous !== undefined && /ENCODING=QUOTED-PRINTABLE/i.test(previous.split(':')[0]!) && previous.endsWith('=')) {
      lines[lines.length - 1] = previous.slice(0, -1) + physical;
    } else lines.push(physical);
  }
  return lines;
}

function parseLine(line: string): ContentLine | null {
  // The name and parameters end at the first colon outside double quotes.
  let colon = -1;
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ':' && !quoted) {
      colon = i;
      break;
    }
  }
  if (colon < 0) return null;
  const [rawName = '', ...params] = line.slice(0, colon).split(';');
  const types: string[] = [];
  let encoding: string | null = null;
  let charset: string | null = null;
  for (const param of params) {
    const eq = param.indexOf('=');
    const key = eq < 0 ? 'TYPE' : param.slice(0, eq).toUpperCase();
    const value = (eq < 0 ? param : param.slice(eq + 1)).replace(/"/g, '');
    if (key === 'TYPE') types.push(...value.split(',').map((v) => v.trim().toLowerCase()));
    else if (key === 'ENCODING') encoding = value.toUpperCase();
    else if (key === 'CHARSET') charset = value.toLowerCase();
    else if (eq < 0) types.push(value.toLowerCase());
  }
  const dot = rawName.indexOf('.');
  return {
    group: dot < 0 ? '' : rawName.slice(0, dot).toLowerCase(),
    name: rawName.slice(dot + 1).toUpperCase(),
    types,
    encoding,
    charset,
    value: line.slice(colon + 1),
  };
}

/** The value as written, before unescaping: 2.1's quoted-printable decoded. */
function rawValue(line: ContentLine): string {
  return line.encoding === 'QUOTED-PRINTABLE' ? decodeQuotedPrintable(line.value, line.charset) : line.value;
}

function textOf(line: ContentLine): string {
  return unescapeText(rawValue(line));
}

/** The components of a structured value (N, ORG), unescaped. */
function components(line: ContentLine): string[] {
  return splitUnescaped(rawValue(line), ';').map(unescapeText);
}

/** One card's contact: FN (or N), the first fax TEL (or the first TEL), ORG's company, EMAIL and NOTE. */
function cardContact(lines: ContentLine[]): RawContact {
  const first = (name: string) => lines.find((line) => line.name === name);
  const fn = first('FN');
  let name = fn ? textOf(fn).trim() : '';
  const n = first('N');
  if (!name && n) {
    const [family = '', given = ''] = components(n);
    name = [given.trim(), family.trim()].filter(Boolean).join(' ');
  }
  const tels = lines.filter((line) => line.name === 'TEL');
  // Apple Contacts writes a custom label as `item2.X-ABLabel:Fax` beside `item2.TEL:…`.
  const faxGroups = new Set(
    lines.filter((line) => line.name === 'X-ABLABEL' && line.group && /fax/i.test(line.value)).map((line) => line.group),
  );
  const isFax = (line: ContentLine): boolean => line.types.includes('fax') || (line.group !== '' && faxGroups.has(line.group));
  const tel = tels.find(isFax) ?? tels[0];
  const org = first('ORG');
  const email = first('EMAIL');
  const note = first('NOTE');
  return {
    name,
    faxNumber: tel ? textOf(tel).replace(/^tel:/i, '').trim() : '',
    company: org ? (components(org)[0] ?? '').trim() : '',
    email: email ? textOf(email).trim() : '',
    note: note ? textOf(note).trim() : '',
  };
}

/** The contacts of a vCard file, numbered by their place in it (the first card is 1). */
export function readContactVcard(text: string): RawContactFile {
  const contacts: Array<{ row: number; contact: RawContact }> = [];
  let card: ContentLine[] | null = null;
  for (const raw of logicalLines(text)) {
    const line = parseLine(raw);
    if (!line) continue;
    if (line.name === 'BEGIN' && line.value.trim().toUpperCase() === 'VCARD') card = [];
    else if (line.name === 'END' && line.value.trim().toUpperCase() === 'VCARD') {
      if (card) contacts.push({ row: contacts.length + 1, contact: cardContact(card) });
      card = null;
    } else card?.push(line);
  }
  return contacts.length > 0 ? { ok: true, contacts } : { ok: false, problem: 'NO_CARDS' };
}

function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/** A content line folded at 75 octets, never inside a character (RFC 6350 §3.2). */
function fold(line: string): string {
  // Most lines are short: only those past 75 octets are walked character by character.
  if (line.length <= 18 || encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    // Continuation lines start with a space, which counts towards their 75.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The phonebook as a vCard 3.0 file, one card per contact, the number as a work fax. */
export function writeContactVcard(contacts: readonly ContactView[]): string {
  const lines: string[] = [];
  for (const c of contacts) {
    lines.push('BEGIN:VCARD', 'VERSION:3.0', `FN:${escapeText(c.name)}`, `N:${escapeText(c.name)};;;;`);
    if (c.company) lines.push(`ORG:${escapeText(c.company)}`);
    lines.push(`TEL;TYPE=WORK,FAX:${c.faxNumber}`);
    if (c.email) lines.push(`EMAIL;TYPE=INTERNET:${escapeText(c.email)}`);
    if (c.note) lines.push(`NOTE:${escapeText(c.note)}`);
    lines.push('END:VCARD');
  }
  return lines.map(fold).join('\r\n') + (lines.length > 0 ? '\r\n' : '');
}
