import { z } from 'zod';

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const NAME_MIN = 2;

export const Email = z
  .string({ error: 'Email is required.' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'Email must be at most 254 characters.' })
  .pipe(z.email({ error: 'Invalid email address' }));

const Password = z
  .string({ error: 'Password is required.' })
  .min(PASSWORD_MIN, { error: `Password must be at least ${PASSWORD_MIN} characters` })
  .max(PASSWORD_MAX, { error: `Password must be at most ${PASSWORD_MAX} characters` });

const personName = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(NAME_MIN, { error: `${label} must be at least ${NAME_MIN} characters` })
    .max(80, { error: `${label} must be at most 80 characters` });

export const RegisterRequest = z.object({
  email: Email,
  password: Password,
  firstName: personName('First name'),
  lastName: personName('Last name'),
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

export const RegisterResponse = z.object({ id: z.string(), message: z.string() });
export type RegisterResponse = z.infer<typeof RegisterResponse>;

export const AuthorizeRequest = z.object({
  email: Email,
  // Length is not checked at login: a wrong password gets the same answer as any other.
  password: z.string({ error: 'Password is required.' }).min(1, { error: 'Password is required.' }).max(PASSWORD_MAX),
  rememberMe: z.boolean().optional(),
});
export type AuthorizeRequest = z.infer<typeof AuthorizeRequest>;

export const AuthorizeResponse = z.object({ token: z.string() });
export type AuthorizeResponse = z.infer<typeof AuthorizeResponse>;

export const AccountInfo = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  createdAt: z.string(),
});
export type AccountInfo = z.infer<typeof AccountInfo>;
