import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import {
  checkEmailQuerySchema,
  DISPLAY_NAME_MAX_LENGTH,
  emailSchema,
  newPasswordSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordLoginSchema,
  signupSchema,
} from '../../src/common/auth-schemas';
import { isErrorCode } from '../../src/common/errors';

/** The first issue's message (the error code the server answers) and path, or null when valid. */
function firstIssue(schema: ZodType, input: unknown): { message: string; path: string } | null {
  const result = schema.safeParse(input);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  return { message: issue.message, path: issue.path.join('.') };
}

/** An address of exactly `length` characters. */
function emailOfLength(length: number): string {
  const domain = '@example.com';
  return 'a'.repeat(length - domain.length) + domain;
}

describe('emailSchema', () => {
  it.each([
    ['someone@example.com', 'someone@example.com'],
    ['  Ada.Lovelace@Example.COM  ', 'ada.lovelace@example.com'],
    ['\tX@Y.ORG\n', 'x@y.org'],
    ['first+tag@sub.example.co.uk', 'first+tag@sub.example.co.uk'],
    [emailOfLength(254), emailOfLength(254)],
    [`  ${emailOfLength(254)}  `, emailOfLength(254)],
  ])('accepts %j as %j', (input, expected) => {
    expect(emailSchema.parse(input)).toBe(expected);
  });

  it.each([
    ['255 characters', emailOfLength(255)],
    ['an empty string', ''],
    ['only spaces', '   '],
    ['no @', 'someone.example.com'],
    ['no domain', 'someone@'],
    ['no local part', '@example.com'],
    ['two @', 'a@@example.com'],
    ['a space inside', 'some one@example.com'],
    ['a domain without a dot', 'someone@localhost'],
    ['a number', 42],
    ['null', null],
    ['undefined', undefined],
    ['an array', ['someone@example.com']],
    ['an object', { email: 'someone@example.com' }],
  ])('refuses %s with INVALID_EMAIL', (_label, input) => {
    expect(firstIssue(emailSchema, input)?.message).toBe('INVALID_EMAIL');
  });
});

describe('newPasswordSchema', () => {
  it.each([
    ['the shortest allowed', 'p'.repeat(PASSWORD_MIN_LENGTH)],
    ['the longest allowed', 'p'.repeat(PASSWORD_MAX_LENGTH)],
    ['spaces kept as typed', '  spaced  '],
  ])('accepts %s, unchanged', (_label, password) => {
    expect(newPasswordSchema.parse(password)).toBe(password);
  });

  it.each([
    ['one too short', 'p'.repeat(PASSWORD_MIN_LENGTH - 1)],
    ['one too long', 'p'.repeat(PASSWORD_MAX_LENGTH + 1)],
    ['empty', ''],
    ['a number', 12345678],
    ['undefined', undefined],
  ])('refuses %s with WEAK_PASSWORD', (_label, password) => {
    expect(firstIssue(newPasswordSchema, password)?.message).toBe('WEAK_PASSWORD');
  });

  it('has the limits the error message promises (8 to 128)', () => {
    expect([PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH]).toEqual([8, 128]);
  });
});

describe('signupSchema', () => {
  const good = { email: ' New@Example.com ', password: 'long enough' };

  it('normalises the e-mail and trims the display name', () => {
    expect(signupSchema.parse({ ...good, displayName: '  Ada  ' })).toEqual({
      email: 'new@example.com',
      password: 'long enough',
      displayName: 'Ada',
    });
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['only spaces', '    '],
  ])('leaves out a display name that is %s', (_label, displayName) => {
    expect(signupSchema.parse({ ...good, displayName }).displayName).toBeUndefined();
  });

  it('accepts a display name of the maximum length, counted after trimming', () => {
    const name = 'n'.repeat(DISPLAY_NAME_MAX_LENGTH);
    expect(signupSchema.parse({ ...good, displayName: `  ${name}  ` }).displayName).toBe(name);
  });

  it.each([
    [{ ...good, displayName: 'n'.repeat(DISPLAY_NAME_MAX_LENGTH + 1) }, 'INVALID_INPUT', 'displayName'],
    [{ ...good, email: 'nope' }, 'INVALID_EMAIL', 'email'],
    [{ ...good, password: 'short' }, 'WEAK_PASSWORD', 'password'],
    [{ password: good.password }, 'INVALID_EMAIL', 'email'],
    [{ email: good.email }, 'WEAK_PASSWORD', 'password'],
  ])('refuses %j with %s on %s', (input, code, path) => {
    expect(firstIssue(signupSchema, input)).toEqual({ message: code, path });
  });

  it('refuses a display name that is not a string, on that field', () => {
    const issue = firstIssue(signupSchema, { ...good, displayName: 7 });
    expect(issue?.path).toBe('displayName');
  });

  it('refuses what is not an object, with a message that is no error code (the server says INVALID_INPUT)', () => {
    for (const input of [null, [1, 2], 'text', 3]) {
      const issue = firstIssue(signupSchema, input);
      expect(issue).not.toBeNull();
      expect(isErrorCode(issue!.message)).toBe(false);
    }
  });
});

describe('passwordLoginSchema', () => {
  it.each([
    ['one character', 'x'],
    ['shorter than sign-up allows (an old account)', 'short'],
    ['longer than sign-up allows', 'p'.repeat(PASSWORD_MAX_LENGTH + 1)],
    ['1024 characters', 'p'.repeat(1024)],
  ])('accepts a password of %s', (_label, password) => {
    expect(passwordLoginSchema.parse({ email: 'A@Example.com', password })).toEqual({ email: 'a@example.com', password });
  });

  it.each([
    ['empty', ''],
    ['over 1024 characters', 'p'.repeat(1025)],
    ['missing', undefined],
    ['a number', 12345678],
  ])('refuses a password that is %s with INVALID_INPUT', (_label, password) => {
    expect(firstIssue(passwordLoginSchema, { email: 'a@example.com', password })).toEqual({
      message: 'INVALID_INPUT',
      path: 'password',
    });
  });

  it('refuses a bad e-mail with INVALID_EMAIL', () => {
    expect(firstIssue(passwordLoginSchema, { email: 'nope', password: 'x' })?.message).toBe('INVALID_EMAIL');
  });
});

describe('checkEmailQuerySchema', () => {
  it('normalises the e-mail', () => {
    expect(checkEmailQuerySchema.parse({ email: ' Someone@Example.COM ' })).toEqual({ email: 'someone@example.com' });
  });

  it('refuses a missing or bad e-mail with INVALID_EMAIL', () => {
    expect(firstIssue(checkEmailQuerySchema, {})?.message).toBe('INVALID_EMAIL');
    expect(firstIssue(checkEmailQuerySchema, { email: 'x' })?.message).toBe('INVALID_EMAIL');
  });
});

describe('messages', () => {
  it('every code a rule can answer is a known error code', () => {
    for (const code of ['INVALID_EMAIL', 'WEAK_PASSWORD', 'INVALID_INPUT']) expect(isErrorCode(code)).toBe(true);
  });
});
