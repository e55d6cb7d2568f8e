import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../worker/app';
import { fuzzRoutes } from '../support/fuzz/routes';
import { arbitraryOf } from '../support/fuzz/zod-arbitrary';
import { mutationOf } from '../support/fuzz/zod-mutations';

// The fuzz's generators (tests/support/fuzz/) against the schemas they read: what they call valid
// mostly is, and what they call a mutation mostly is not. Refinements and transforms are not
// modelled, so "mostly" rather than "always".

const parts = fuzzRoutes(createApp()).flatMap((route) =>
  Object.entries(route.parts)
    .filter(([part]) => part !== 'form' && part !== 'query')
    .map(([part, schema]) => ({ name: `${route.key} ${part}`, schema: schema! })),
);

describe('the fuzz generators', () => {
  it.each(parts)('$name: generated values mostly pass the schema, mutations mostly fail it', ({ schema }) => {
    const valid = fc.sample(arbitraryOf(schema), { numRuns: 40, seed: 1 });
    const passed = valid.filter((value) => schema.safeParse(value).success).length;
    expect(passed / valid.length).toBeGreaterThanOrEqual(0.4);
    const mutated = fc.sample(mutationOf(schema), { numRuns: 40, seed: 1 });
    const refused = mutated.filter((value) => !schema.safeParse(value).success).length;
    expect(refused / mutated.length).toBeGreaterThanOrEqual(0.2);
  });
});
