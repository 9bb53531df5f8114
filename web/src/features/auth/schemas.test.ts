// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createI18n, englishT, messagesOf, type Translate } from '@/lib/i18n';
import {
  BASIC_EMAIL_PATTERN,
  changePasswordSchemaIn,
  forgotPasswordSchemaIn,
  loginSchemaIn,
  registerSchemaIn,
  resetPasswordSchemaIn,
} from './schemas';

// The forms as an English page builds them.
const loginSchema = loginSchemaIn(englishT);
const registerSchema = registerSchemaIn(englishT);
const forgotPasswordSchema = forgotPasswordSchemaIn(englishT);
const resetPasswordSchema = resetPasswordSchemaIn(englishT);

const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('login form rules', () => {
  it('names a bad email and a short password', () => {
    expect(errorsOf(loginSchema.safeParse({ email: 'asha', password: '123' }))).toEqual({
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
    expect(errorsOf(registerSchema.safeParse({ ...good, ...change }))[field]).toBe(message);
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
    expect(errorsOf(forgotPasswordSchema.safeParse({ email: '' }))).toEqual({ email: 'Invalid email address' });
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
    expect(errorsOf(resetPasswordSchema.safeParse(values))).toEqual(messages);
  });
});

describe('the forms on a Hindi page', () => {
  const hindi = async (): Promise<Translate> => {
    const i18n = createI18n('hi', await messagesOf('hi'));
    return (key, values) => i18n._(key, values);
  };

  it('say every rule in Hindi', async () => {
    const t = await hindi();
    expect(errorsOf(loginSchemaIn(t).safeParse({ email: 'asha', password: '123' }))).toEqual({
      email: 'ईमेल पता सही नहीं है',
      password: 'पासवर्ड कम से कम 6 अक्षरों का होना चाहिए',
    });
    expect(
      errorsOf(
        registerSchemaIn(t).safeParse({
          firstName: 'A',
          lastName: 'B',
          email: 'asha@example.in',
          password: 'p'.repeat(129),
          confirmPassword: 'p'.repeat(129),
        }),
      ),
    ).toEqual({
      firstName: 'पहला नाम कम से कम 2 अक्षरों का होना चाहिए',
      lastName: 'उपनाम कम से कम 2 अक्षरों का होना चाहिए',
      password: 'पासवर्ड ज़्यादा से ज़्यादा 128 अक्षरों का हो सकता है',
    });
    expect(errorsOf(resetPasswordSchemaIn(t).safeParse({ password: 'secret1', confirmPassword: 'secret2' }))).toEqual({
      confirmPassword: 'दोनों पासवर्ड एक जैसे नहीं हैं',
    });
    expect(
      errorsOf(
        changePasswordSchemaIn(t).safeParse({ currentPassword: '', password: 'secret1', confirmPassword: 'secret1' }),
      ),
    ).toEqual({ currentPassword: 'मौजूदा पासवर्ड डालना ज़रूरी है।' });
  });

  it('the same rules on an English page say the English of before', () => {
    expect(
      errorsOf(
        changePasswordSchemaIn(englishT).safeParse({
          currentPassword: '',
          password: 'secret1',
          confirmPassword: 'secret1',
        }),
      ),
    ).toEqual({ currentPassword: 'Current password is required.' });
  });
});
