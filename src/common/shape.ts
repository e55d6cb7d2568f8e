// A small check of data that comes from this site's own Worker (live events, upload answers) or
// from the browser's own storage: that it is an object whose named fields are of the right kind.
// Zod stays on the server, where input is anyone's; the pages carry this instead (docs/decisions/032).

export type FieldKind = 'string' | 'number' | 'boolean' | 'object' | 'array' | 'string|null' | 'number|null' | 'object|null';

export type Shape = Readonly<Record<string, FieldKind>>;

function isKind(value: unknown, kind: FieldKind): boolean {
  if (value === null) return kind.endsWith('|null');
  const base = kind.replace('|null', '');
  if (base === 'array') return Array.isArray(value);
  if (base === 'object') return typeof value === 'object' && !Array.isArray(value);
  if (base === 'number') return typeof value === 'number' && Number.isFinite(value);
  return typeof value === base;
}

/** True when `value` is an object with every field of `shape`, each of its kind (other fields are let be). */
export function hasShape(value: unknown, shape: Shape): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  return Object.entries(shape).every(([name, kind]) => isKind(record[name], kind));
}
