import { z } from 'zod';

export const PASSWORD_MIN = 6;
export const NAME_MIN = 2;

const email = z.string().trim().email({ error: 'Invalid email address' });
const password = z.string().min(PASSWORD_MIN, { error: 'Password must be at least 6 characters' });

export const loginSchema = z.object({
  email,
  password,
  rememberMe: z.boolean().optional(),
});
export type LoginValues = z.infer<typeof loginSchema>;

export const registerSchema = z
  .object({
    firstName: z.string().trim().min(NAME_MIN, { error: 'First name must be at least 2 characters' }),
    lastName: z.string().trim().min(NAME_MIN, { error: 'Last name must be at least 2 characters' }),
    email,
    password,
    confirmPassword: z.string(),
  })
  .refine((values) => values.password === values.confirmPassword, {
    error: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type RegisterValues = z.infer<typeof registerSchema>;

/** Spec section 5: text, '@', text, '.', text. */
export const BASIC_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
