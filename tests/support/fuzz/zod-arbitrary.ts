import fc from 'fast-check';
import type { ZodType } from 'zod';

// Values a zod v4 schema accepts, as fast-check arbitraries: what the fuzzing of decision 029 sends as
// valid requests before mutating them. zod-fast-check would do this, but it supports neither zod 4
// nor fast-check 4 (its issues #22 and #26 are open), so this reads zod 4's own definitions
// (`schema._zod.def`, which zod documents for library authors) for the kinds our schemas use.
// Refinements and transforms are not modelled: a value may still be refused by one, which the
// fuzz treats like any other answer. Node-safe (the bench bundles it too).

/** A zod 4 definition, loosely typed: only the fields read here. */
interface Def {
  type: string;
  [field: string]: unknown;
}

interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}

export interface ArbitraryHints {
  /** Ids that exist (the caller's faxes, files…): a uuid is one of them half the time, so valid requests reach past "not found". */
  ids?: string[];
}

export function defOf(schema: unknown): Def {
  return (schema as { _zod: { def: Def } })._zod.def;
}

export function checksOf(def: Def): CheckDef[] {
  return ((def.checks as { _zod: { def: CheckDef } }[] | undefined) ?? []).map((check) => check._zod.def);
}

/** True when an object may leave this key out (optional, defaulted, or accepting undefined). */
export function isOptionalKey(schema: unknown): boolean {
  return (schema as { _zod: { optin?: string } })._zod.optin === 'optional';
}

/** Lengths or bounds a string, array or number schema carries. */
export function boundsOf(def: Def): {
  min: number | null;
  max: number | null;
  integer: boolean;
  pattern: RegExp | null;
  format: string | null;
} {
  let min: number | null = null;
  let max: number | null = null;
  let integer = false;
  let pattern = (def.pattern as RegExp | undefined) ?? null;
  let format = (def.format as string | undefined) ?? null;
  for (const check of checksOf(def)) {
    if (check.check === 'min_length') min = check.minimum ?? null;
    else if (check.check === 'max_length') max = check.maximum ?? null;
    else if (check.check === 'length_equals') min = max = check.length ?? null;
    else if (check.check === 'greater_than') min = (check.value ?? 0) + (check.inclusive ? 0 : 1e-9);
    else if (check.check === 'less_than') max = (check.value ?? 0) - (check.inclusive ? 0 : 1e-9);
    else if (check.check === 'number_format') integer = true;
    else if (check.check === 'string_format') {
      pattern = check.pattern ?? pattern;
      format = check.format ?? format;
    }
  }
  return { min, max, integer, pattern, format };
}

/** Longest string generated for a field with no limit, or a large one: enough to matter, cheap to send. */
const TYPICAL_MAX_LENGTH = 80;

function stringArbitrary(def: Def, hints: ArbitraryHints): fc.Arbitrary<string> {
  const { min, max, pattern, format } = boundsOf(def);
  const minLength = min ?? 0;
  const maxLength = max ?? minLength + TYPICAL_MAX_LENGTH;
  const fits = (value: string): boolean => value.length >= minLength && value.length <= maxLength;
  if (format === 'uuid' || format === 'guid') {
    const uuid = fc.uuid({ version: 4 });
    const { ids } = hints;
    // Read when drawn, not now: the caller may replace the ids as accounts come and go.
    return ids
      ? fc.oneof(
          uuid,
          fc.nat().map((i) => ids[i % ids.length] ?? crypto.randomUUID()),
        )
      : uuid;
  }
  if (format === 'email') {
    const part = (max: number) => fc.stringMatching(/^[a-z0-9][a-z0-9_+-]*$/, { maxLength: max });
    return fc
      .tuple(part(20), fc.stringMatching(/^[a-z0-9]+$/, { maxLength: 12 }), fc.constantFrom('com', 'org', 'example', 'io'))
      .map(([local, domain, tld]) => `${local}@${domain}.${tld}`)
      .filter(fits);
  }
  if (format === 'datetime') {
    return fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }).map((date) => date.toISOString());
  }
  if (pattern) {
    try {
      const matching = fc.stringMatching(pattern, { maxLength }).filter(fits);
      const { ids } = hints;
      if (!ids) return matching;
      // A fax id is a pattern, not a uuid (decision 042): half the time one of the caller's own ids
      // that fits it, read when drawn, so valid requests reach past "not found".
      return fc.oneof(
        matching,
        fc.nat().chain((i) => {
          const fitting = ids.filter((id) => pattern.test(id) && fits(id));
          return fitting.length > 0 ? fc.constant(fitting[i % fitting.length]!) : matching;
        }),
      );
    } catch {
      // A pattern fast-check cannot read: plain strings, of which the server refuses most.
    }
  }
  const sized = { minLength, maxLength: Math.min(maxLength, minLength + TYPICAL_MAX_LENGTH) };
  const atLimit = max !== null && max <= 4096 ? [fc.string({ minLength: max, maxLength: max })] : [];
  return fc.oneof(
    { weight: 4, arbitrary: fc.string(sized) },
    { weight: 2, arbitrary: fc.string({ ...sized, unit: 'grapheme' }) },
    ...atLimit.map((arbitrary) => ({ weight: 1, arbitrary })),
  );
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  const { min, max, integer } = boundsOf(def);
  if (integer) {
    const low = Math.ceil(min ?? Number.MIN_SAFE_INTEGER);
    const high = Math.floor(max ?? Number.MAX_SAFE_INTEGER);
    return fc.oneof({ weight: 5, arbitrary: fc.integer({ min: low, max: high }) }, { weight: 1, arbitrary: fc.constantFrom(low, high) });
  }
  return fc.double({ min: min ?? -1e12, max: max ?? 1e12, noNaN: true, noDefaultInfinity: true });
}

function objectArbitrary(def: Def, hints: ArbitraryHints): fc.Arbitrary<Record<string, unknown>> {
  const shape = def.shape as Record<string, ZodType>;
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  const required: string[] = [];
  for (const [key, schema] of Object.entries(shape)) {
    // A fax number field is read by a transform (it must be a dialable number), which the
    // generator cannot see: give it numbers a person would type, now and then anything.
    fields[key] = /^(faxNumber|toNumber)$/.test(key)
      ? fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom('+12125550123', '(312) 555-0190', '212.555.0199', '+44 20 7946 0958') },
          { weight: 1, arbitrary: arbitraryOf(schema, hints) },
        )
      : key === 'email'
        ? // Likewise an e-mail checked by a refinement.
          fc.oneof({ weight: 4, arbitrary: fc.constantFrom('', 'ada@example.com') }, { weight: 1, arbitrary: arbitraryOf(schema, hints) })
        : arbitraryOf(schema, hints);
    if (!isOptionalKey(schema)) required.push(key);
  }
  return fc.record(fields, { requiredKeys: required });
}

/** Any JSON value, small: for parts a schema leaves open (`z.unknown()`, a transform's input). */
export const anyJson: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 2 });

/** An arbitrary of the values `schema` is meant to accept. */
export function arbitraryOf(schema: unknown, hints: ArbitraryHints = {}): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return stringArbitrary(def, hints);
    case 'number':
      return numberArbitrary(def);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'undefined':
      return fc.constant(undefined);
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string | number>));
    case 'object':
      return objectArbitrary(def, hints);
    case 'array': {
      const { min, max } = boundsOf(def);
      return fc.array(arbitraryOf(def.element, hints), { minLength: min ?? 0, maxLength: Math.min(max ?? 5, (min ?? 0) + 5) });
    }
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map((option) => arbitraryOf(option, hints)));
    case 'optional':
      return fc.option(arbitraryOf(def.innerType, hints), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(arbitraryOf(def.innerType, hints), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return arbitraryOf(def.innerType, hints);
    case 'pipe': {
      // `a.pipe(b)`: b's rules are the stricter ones unless b merely transforms what a accepted.
      const out = defOf(def.out).type;
      return arbitraryOf(out === 'transform' ? def.in : def.out, hints);
    }
    default:
      // unknown, any, transform, custom (e.g. z.instanceof): nothing to go by.
      return anyJson;
  }
}
