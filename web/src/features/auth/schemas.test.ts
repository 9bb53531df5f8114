// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { BASIC_EMAIL_PATTERN, forgotPasswordSchema, loginSchema, registerSchema, resetPasswordSchema } from './schemas';

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('login form rules', () => {
  it('names a bad email and a short password', () => {
    expect(messagesOf(loginSchema.safeParse({ email: 'asha', password: '123' }))).toEqual({
      email: 'Invalid email address',
      password: 'Password must be at least 6 characters',
    });
  });
  it('accepts a good sign-in', () => {
    expect(loginSchema.safeParse({ email: 'asha@example.in', password: '123456' }).success).toBe(true);
  });
});

describe('registration form rules', () => {
  const good = {
    firstName: 'Asha',
    lastName: 'Rao',
    email: 'asha@example.in',
    password: 'secret1',
    confirmPassword: 'secret1',
  };
  it('accepts a good registration', () => {
    expect(registerSchema.safeParse(good).success).toBe(true);
  });
  it.each([
    [{ firstName: 'A' }, 'firstName', 'First name must be at least 2 characters'],
    [{ lastName: ' B ' }, 'lastName', 'Last name must be at least 2 characters'],
    [{ email: 'asha@' }, 'email', 'Invalid email address'],
    [{ password: 'short', confirmPassword: 'short' }, 'password', 'Password must be at least 6 characters'],
    [{ confirmPassword: 'secret2' }, 'confirmPassword', 'Passwords do not match'],
  ])('%j → %s: %s', (change, field, message) => {
    expect(messagesOf(registerSchema.safeParse({ ...good, ...change }))[field]).toBe(message);
  });
  it.each([
    ['a@b.c', true],
    ['a@b', false],
    ['a b@c.d', false],
    ['@b.c', false],
  ])('basic email pattern: %s → %s', (value, ok) => {
    expect(BASIC_EMAIL_PATTERN.test(value)).toBe(ok);
  });
});

describe('password reset form rules', () => {
  it('asks for the email as sign-in does', () => {
    expect(messagesOf(forgotPasswordSchema.safeParse({ email: '' }))).toEqual({ email: 'Invalid email address' });
    expect(forgotPasswordSchema.safeParse({ email: ' asha@example.in ' }).success).toBe(true);
  });
  it.each([
    [{ password: 'secret1', confirmPassword: 'secret1' }, {}],
    [{ password: 'short', confirmPassword: 'short' }, { password: 'Password must be at least 6 characters' }],
    [{ password: 'secret1', confirmPassword: 'secret2' }, { confirmPassword: 'Passwords do not match' }],
    [
      { password: 'p'.repeat(129), confirmPassword: 'p'.repeat(129) },
      { password: 'Password must be at most 128 characters' },
    ],
  ])('new password %j → %j, as at registration', (values, messages) => {
    expect(messagesOf(resetPasswordSchema.safeParse(values))).toEqual(messages);
  });
});
