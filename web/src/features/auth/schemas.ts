import { PASSWORD_MAX } from '@netkart/contract';
import { z } from 'zod';
import type { Translate } from '@/lib/i18n';

export const PASSWORD_MIN = 6;
export const NAME_MIN = 2;

/**
 * The forms' rules, their messages in the page's language: each form builds its schema from the
 * page's `useT()` (`loginSchemaIn(t)`), so a Hindi page says its errors in Hindi.
 */
const emailIn = (t: Translate) =>
  z
    .string()
    .trim()
    .email({ error: t('auth.invalidEmail') });
const passwordIn = (t: Translate) =>
  z
    .string()
    .min(PASSWORD_MIN, { error: t('auth.passwordMin', { min: PASSWORD_MIN }) })
    // The server's limit too: said here, beside the field, rather than after sending.
    .max(PASSWORD_MAX, { error: t('auth.passwordMax', { max: PASSWORD_MAX }) });

export const loginSchemaIn = (t: Translate) =>
  z.object({
    email: emailIn(t),
    password: passwordIn(t),
    rememberMe: z.boolean().optional(),
  });
export type LoginValues = z.infer<ReturnType<typeof loginSchemaIn>>;

/** A new password typed twice: at registration and on a reset link, under the same rules and messages. */
const withMatchingPasswords = <T extends z.ZodType<{ password: string; confirmPassword: string }>>(
  t: Translate,
  schema: T,
) =>
  schema.refine((values) => values.password === values.confirmPassword, {
    error: t('auth.passwordsDiffer'),
    path: ['confirmPassword'],
  });

export const registerSchemaIn = (t: Translate) =>
  withMatchingPasswords(
    t,
    z.object({
      firstName: z
        .string()
        .trim()
        .min(NAME_MIN, { error: t('auth.firstNameMin', { min: NAME_MIN }) }),
      lastName: z
        .string()
        .trim()
        .min(NAME_MIN, { error: t('auth.lastNameMin', { min: NAME_MIN }) }),
      email: emailIn(t),
      password: passwordIn(t),
      confirmPassword: z.string(),
    }),
  );
export type RegisterValues = z.infer<ReturnType<typeof registerSchemaIn>>;

export const forgotPasswordSchemaIn = (t: Translate) => z.object({ email: emailIn(t) });
export type ForgotPasswordValues = z.infer<ReturnType<typeof forgotPasswordSchemaIn>>;

export const resetPasswordSchemaIn = (t: Translate) =>
  withMatchingPasswords(t, z.object({ password: passwordIn(t), confirmPassword: z.string() }));
export type ResetPasswordValues = z.infer<ReturnType<typeof resetPasswordSchemaIn>>;

/** A signed-in shopper's new password: the current one, then the new one twice, under registration's rules. */
export const changePasswordSchemaIn = (t: Translate) =>
  withMatchingPasswords(
    t,
    z.object({
      currentPassword: z.string().min(1, { error: t('auth.currentPasswordRequired') }),
      password: passwordIn(t),
      confirmPassword: z.string(),
    }),
  );
export type ChangePasswordValues = z.infer<ReturnType<typeof changePasswordSchemaIn>>;

/** Spec section 5: text, '@', text, '.', text. */
export const BASIC_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
