import { describe, expect, it } from 'vitest';
import { passwordProblem, passwordStrength } from '../../src/common/password-rules';

// New passwords (NIST SP 800-63B): length after normalising, no control
// characters, not only spaces, not a pattern tried first.

describe('passwordProblem', () => {
  it.each([
    ['eight spaces', '        ', 'onlySpaces'],
    ['eight NUL characters', '\u0000'.repeat(8), 'controlCharacters'],
    ['a tab inside', 'correct\thorse', 'controlCharacters'],
    ['one letter repeated', 'aaaaaaaa', 'tooSimple'],
    ['a run up', 'abcdefgh', 'tooSimple'],
    ['a run down', '87654321', 'tooSimple'],
    ['a short unit repeated', 'abababab', 'tooSimple'],
    ['three letters repeated', 'abcabcabc', 'tooSimple'],
    ['too few different characters', 'aabbaabbab', 'tooSimple'],
    ['seven characters', 'Tr0ub4d', 'tooShort'],
    ['eight characters only once normalised wide forms count', 'ｃｏｒｒｅｃｔ', 'tooShort'],
    ['129 characters', 'x1y2z3'.repeat(22).slice(0, 129), 'tooLong'],
    ['a passphrase', 'correct horse battery staple', null],
    ['eight mixed characters', 'Tr0ub4d!', null],
    ['accented letters', 'crème brûlée au café', null],
  ])('%s', (_label, password, expected) => {
    expect(passwordProblem(password)).toBe(expected);
  });
});

describe('passwordStrength (shown while typing)', () => {
  it.each([
    ['aaaaaaaa', 'refused'],
    ['tr0ub4dor', 'fair'],
    ['Tr0ub4dor&3', 'good'],
    ['correct horse battery staple', 'strong'],
  ])('%s → %s', (password, expected) => {
    expect(passwordStrength(password)).toBe(expected);
  });
});
