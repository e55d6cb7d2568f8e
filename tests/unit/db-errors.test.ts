import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../worker/db/errors';

describe('isUniqueViolation', () => {
  it.each([
    [new Error('D1_ERROR: UNIQUE constraint failed: users.email: SQLITE_CONSTRAINT'), true],
    [new Error('Failed query: update "users"', { cause: new Error('UNIQUE constraint failed: users.email') }), true],
    [new Error('outer', { cause: new Error('middle', { cause: new Error('UNIQUE constraint failed: x') }) }), true],
    [new Error('FOREIGN KEY constraint failed'), false],
    ['UNIQUE constraint failed', false],
    [null, false],
  ])('%s → %s', (err, expected) => {
    expect(isUniqueViolation(err)).toBe(expected);
  });
});
