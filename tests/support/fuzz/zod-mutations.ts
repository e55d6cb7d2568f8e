import fc from 'fast-check';
import type { ZodType } from 'zod';
import { type ArbitraryHints, anyJson, arbitraryOf, boundsOf, defOf, isOptionalKey } from './zod-arbitrary';

// Near misses of a valid value: one field dropped, of the wrong type, one character too long or a
// great deal too long, a number just past its bound, an unknown field, an array over its limit.
// Each is what a careless or hostile caller sends; the server must refuse it with a documented
// code, never a 5xx (decision 029).

type Path = (string | number)[];

interface Slot {
  path: Path;
  schema: unknown;
  /** The key may be dropped: it sits in an object. */
  inObject: boolean;
  required: boolean;
}

/** The schema that decides a value, seen through optional/nullable/default and pipes. */
function unwrap(schema: unknown, value: unknown): unknown {
  let current = schema;
  for (let depth = 0; depth < 10; depth++) {
    const def = defOf(current);
    if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'].includes(def.type)) current = def.innerType;
    else if (def.type === 'pipe') current = defOf(def.out).type === 'transform' ? def.in : def.out;
    else if (def.type === 'union') {
      // The option this value is an instance of; mutations go inside it.
      const options = def.options as ZodType[];
      current = options.find((option) => option.safeParse(value).success) ?? options[0];
    } else return current;
  }
  return current;
}

/** Every place in `value` a mutation can hit, the whole value first. */
function slotsOf(schema: unknown, value: unknown, path: Path = [], inObject = false, required = true): Slot[] {
  const inner = unwrap(schema, value);
  const slots: Slot[] = [{ path, schema: inner, inObject, required }];
  const def = defOf(inner);
  if (def.type === 'object' && value && typeof value === 'object') {
    for (const [key, field] of Object.entries(def.shape as Record<string, unknown>)) {
      if (key in value) slots.push(...slotsOf(field, (value as Record<string, unknown>)[key], [...path, key], true, !isOptionalKey(field)));
    }
  } else if (def.type === 'array' && Array.isArray(value) && value.length > 0) {
    slots.push(...slotsOf(def.element, value[0], [...path, 0]));
  }
  return slots;
}

/** A value of another JSON type than `type`. */
const wrongType = (type: string): fc.Arbitrary<unknown> =>
  fc
    .constantFrom<unknown>(null, true, 0, -1, 1.5, '', 'x', '0', 'null', [], {}, [1, 'two'], { nested: { deep: [null] } })
    .filter((value) => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value) !== type);

/** `size` characters, cheap to build: a JSON body past the 64 KB limit, or one just past a field's. */
const repeated = (size: number): string => 'A'.repeat(size);

function replacements(slot: Slot): fc.Arbitrary<unknown>[] {
  const def = defOf(slot.schema);
  const { min, max, integer } = boundsOf(def);
  switch (def.type) {
    case 'string':
      return [
        wrongType('string'),
        fc.constantFrom(
          '',
          '   ',
          '\u0000\u0001\u001f',
          '😀'.repeat(50),
          '../../etc/passwd',
          '<script>alert(1)</script>',
          "' OR 1=1 --",
          '%00',
          '1e309',
          repeated((max ?? 255) + 1),
          repeated(70_000),
        ),
        fc.string({ maxLength: 20 }),
      ];
    case 'number':
      return [
        wrongType('number'),
        fc.constantFrom<unknown>(
          ...[min, max].flatMap((bound) => (bound === null ? [] : [bound - 1, bound + 1, integer ? bound + 0.5 : bound])),
          0,
          -0,
          -1,
          1e308,
          -1e308,
          2 ** 53 + 2,
          '12',
        ),
      ];
    case 'boolean':
      return [wrongType('boolean'), fc.constantFrom('true', 'false', 1, 0)];
    case 'enum':
    case 'literal':
      return [wrongType('string'), fc.string({ maxLength: 12 }), fc.constantFrom('', 'ALL', 'all', 'read ', 'SEND\u0000')];
    case 'array':
      return [
        wrongType('array'),
        fc.constant([]),
        arbitraryOf(def.element).map((element) => Array.from({ length: (boundsOf(def).max ?? 100) + 1 }, () => element)),
      ];
    case 'object':
      return [wrongType('object'), fc.constant({})];
    default:
      return [anyJson];
  }
}

function setAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  parent[path[path.length - 1]!] = replacement;
  return copy;
}

function deleteAt(value: unknown, path: Path): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  delete parent[path[path.length - 1]!];
  return copy;
}

function mutationsAt(value: unknown, slot: Slot): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = replacements(slot).map((replacement) => replacement.map((r) => setAt(value, slot.path, r)));
  if (slot.inObject) options.push(fc.constant(deleteAt(value, slot.path)));
  if (defOf(slot.schema).type === 'object') {
    // A field nobody asked for: dropped by most schemas, refused by the strict ones.
    options.push(
      fc.tuple(fc.constantFrom('admin', 'userId', 'credits', 'id', 'role', 'extra'), anyJson).map(([key, extra]) => {
        const target = structuredClone(value) as Record<string, unknown>;
        let object = target;
        for (const key of slot.path) object = object[key] as Record<string, unknown>;
        if (object && typeof object === 'object') object[key] = extra;
        return target;
      }),
    );
  }
  return fc.oneof(...options);
}

/** A value `schema` is meant to refuse (or, for a loose schema, ignore): a valid one with one thing wrong. */
export function mutationOf(schema: unknown, hints: ArbitraryHints = {}): fc.Arbitrary<unknown> {
  return arbitraryOf(schema, hints).chain((value) => {
    const slots = slotsOf(schema, value);
    return fc.constantFrom(...slots).chain((slot) => mutationsAt(value, slot));
  });
}
