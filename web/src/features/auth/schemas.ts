import { PASSWORD_MAX } from '@netkart/contract';
import { z } from 'zod';
import type { Translate } from '@/lib/i18n';

export const PASSWORD_MIN = 6;
export const NAME_MIN = 2;

const email = z.string().trim().email({ error: 'Invalid email address' });
/** A new password's rules, with their messages. */
const passwordSaying = (tooShort: string, tooLong: string) =>
  z
    .string()
    .min(PASSWORD_MIN, { error: tooShort })
    // The server's limit too: said here, beside the field, rather than after sending.
    .max(PASSWORD_MAX, { error: tooLong });
const password = passwordSaying(
  'Password must be at least 6 characters',
  `Password must be at most ${PASSWORD_MAX} characters`,
);

export const loginSchema = z.object({
  email,
  password,
  rememberMe: z.boolean().optional(),
});
export type LoginValues = z.infer<typeof loginSchema>;

/** A new password typed twice: at registration and on a reset link, under the same rules and messages. */
const withMatchingPasswords = <T extends z.ZodType<{ password: string; confirmPassword: string }>>(
  schema: T,
  mismatch = 'Passwords do not match',
) =>
  schema.refine((values) => values.password === values.confirmPassword, {
    error: mismatch,
    path: ['confirmPassword'],
  });

export const registerSchema = withMatchingPasswords(
  z.object({
    firstName: z.string().trim().min(NAME_MIN, { error: 'First name must be at least 2 characters' }),
    lastName: z.string().trim().min(NAME_MIN, { error: 'Last name must be at least 2 characters' }),
    email,
    password,
    confirmPassword: z.string(),
  }),
);
export type RegisterValues = z.infer<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = withMatchingPasswords(z.object({ password, confirmPassword: z.string() }));
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;

/**
 * A signed-in shopper's new password: the current one, then the new one twice, under registration's
 * rules, said in the account page's language.
 */
export const changePasswordSchemaIn = (t: Translate) =>
  withMatchingPasswords(
    z.object({
      currentPassword: z.string().min(1, { error: t('changePassword.currentRequired') }),
      password: passwordSaying(
        t('changePassword.tooShort', { min: PASSWORD_MIN }),
        t('changePassword.tooLong', { max: PASSWORD_MAX }),
      ),
      confirmPassword: z.string(),
    }),
    t('changePassword.mismatch'),
  );
export type ChangePasswordValues = z.infer<ReturnType<typeof changePasswordSchemaIn>>;

/** Spec section 5: text, '@', text, '.', text. */
export const BASIC_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
