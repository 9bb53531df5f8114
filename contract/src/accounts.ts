import { z } from 'zod';
import { IndianMobile } from './phones.js';

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const NAME_MIN = 2;

export const Email = z
  .string({ error: 'Email is required.' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'Email must be at most 254 characters.' })
  .pipe(z.email({ error: 'Invalid email address' }));

/** The rule of every new password: at registration and when a reset link sets one. */
export const Password = z
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
  /** The language of the page the account is made from: kept on it, for its welcome and every later email. */
  language: z.enum(['en', 'hi'], { error: 'language must be one of en, hi.' }).optional(),
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
  /** null for an account made by signing in with a mobile number and no email added yet. */
  email: z.string().nullable(),
  /** The account's mobile number ('+919845012345'), verified by a code; null when it has none. */
  phone: z.string().nullable().optional(),
  /** The email was proved by a link sent to it (an email typed at registration is not, until then). */
  emailVerified: z.boolean().optional(),
  /** The phone was proved by a code sent to it (every phone the shop keeps is). */
  phoneVerified: z.boolean().optional(),
  /** A password signs in to it (a phone account has none until one is set through the reset). */
  hasPassword: z.boolean().optional(),
  createdAt: z.string(),
  /** The language the shopper reads the shop in ('en' or 'hi'), kept for what the shop writes to them. */
  language: z.enum(['en', 'hi']).optional(),
});
export type AccountInfo = z.infer<typeof AccountInfo>;

export const PasswordResetRequest = z.object({ email: Email });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequest>;

/** The reset link's token: 32 random bytes in base64url (43 characters); anything much longer is no token of ours. */
export const PasswordResetConfirmRequest = z.object({
  token: z
    .string({ error: 'Reset token is required.' })
    .trim()
    .min(1, { error: 'Reset token is required.' })
    .max(200, { error: 'Reset token is too long.' }),
  password: Password,
});
export type PasswordResetConfirmRequest = z.infer<typeof PasswordResetConfirmRequest>;

export const PasswordResetResponse = z.object({ message: z.string() });
export type PasswordResetResponse = z.infer<typeof PasswordResetResponse>;

/** A session's id in the list of sessions: derived from, but never, the stored token hash. */
export const SessionId = z.string().regex(/^[0-9a-f]{32}$/, { error: 'Unknown session.' });

/** One signed-in device of the shopper: GET /account/sessions. */
export const AccountSession = z.object({
  id: SessionId,
  /** "Chrome on Android"; '' when the browser did not say. */
  device: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  /** The session this request was made with. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSession>;

export const AccountSessions = z.object({ sessions: z.array(AccountSession) });
export type AccountSessions = z.infer<typeof AccountSessions>;

export const SessionParams = z.object({ id: SessionId });

/** DELETE /account/sessions: every session but this one ends. */
export const EndedSessions = z.object({ ended: z.number().int().nonnegative() });
export type EndedSessions = z.infer<typeof EndedSessions>;

export const SESSION_NOT_FOUND = 'This session has already ended.';

/** POST /account/password: a signed-in shopper's new password, with the current one as proof. */
export const ChangePasswordRequest = z.object({
  // Its length is not checked: a wrong one gets the same answer whatever it looks like.
  currentPassword: z
    .string({ error: 'Current password is required.' })
    .min(1, { error: 'Current password is required.' })
    .max(PASSWORD_MAX),
  newPassword: Password,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/** The answer to a password change: how many other devices were signed out. */
export const ChangePasswordResponse = z.object({
  message: z.string(),
  otherSessionsEnded: z.number().int().nonnegative(),
});
export type ChangePasswordResponse = z.infer<typeof ChangePasswordResponse>;

export const PASSWORD_UPDATED = 'Your password has been changed.';
export const WRONG_CURRENT_PASSWORD = 'Your current password is not right. Your password was not changed.';
export const SAME_NEW_PASSWORD = 'Your new password must be different from the current one.';

/** A sign-in code's six digits, however they were typed ('123 456' too). */
export const SignInCode = z
  .string({ error: 'Code is required.' })
  .trim()
  .max(20, { error: 'The code is the 6 digits we sent.' })
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: 'The code is the 6 digits we sent.' }));

/** POST /users/otp and POST /account/phone: a code to this mobile number. */
export const SignInCodeRequest = z.object({ phone: IndianMobile('Mobile number') });
export type SignInCodeRequest = z.input<typeof SignInCodeRequest>;

/** The one answer to asking for a code, whether or not the number has an account. */
export const SignInCodeResponse = z.object({ message: z.string(), expiresInMinutes: z.number().int().positive() });
export type SignInCodeResponse = z.infer<typeof SignInCodeResponse>;

/** POST /users/otp/verify and POST /account/phone/verify. */
export const SignInCodeVerifyRequest = z.object({
  phone: IndianMobile('Mobile number'),
  code: SignInCode,
  rememberMe: z.boolean().optional(),
});
export type SignInCodeVerifyRequest = z.input<typeof SignInCodeVerifyRequest>;

/** POST /account/email: a mobile-number account adds an email (for receipts and password sign-in later). */
export const AddEmailRequest = z.object({ email: Email });
export type AddEmailRequest = z.infer<typeof AddEmailRequest>;

export const SIGN_IN_CODE_MINUTES = 10;
export const SIGN_IN_CODE_SENT = 'If that number can receive texts, we have sent it a 6-digit code.';
/** The same refusal for a wrong, expired or used code, and for a number with or without an account. */
export const SIGN_IN_CODE_WRONG = 'That code is not right or has expired. Please check it or ask for a new one.';
export const PHONE_TAKEN = 'That mobile number already signs in to another account.';
export const EMAIL_TAKEN = 'That email already signs in to another account.';

/** The one answer to adding an email, whether or not another account has it. */
export const EMAIL_LINK_SENT = 'If it can be added, we sent a link to that email. Open it to confirm the address.';
export const AddEmailResponse = z.object({ message: z.string(), expiresInMinutes: z.number().int().positive() });
export type AddEmailResponse = z.infer<typeof AddEmailResponse>;

/** POST /account/email/verify: the token of the link sent to the email. */
export const VerifyEmailRequest = z.object({
  token: z
    .string({ error: 'The link is not complete.' })
    .trim()
    .min(1, { error: 'The link is not complete.' })
    .max(200, { error: 'The link is not complete.' }),
});
export type VerifyEmailRequest = z.infer<typeof VerifyEmailRequest>;
export const VerifyEmailResponse = z.object({ message: z.string(), email: z.string() });
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponse>;
export const EMAIL_VERIFIED = 'Your email is confirmed. To sign in with it and a password, set a password.';
export const EMAIL_LINK_INVALID = 'This link has expired or was already used. Please add your email again.';
export const EMAIL_NO_LONGER_FREE = 'This email can no longer be added: it signs in to another account.';
export const ACCOUNT_HAS_EMAIL = 'This account already has an email.';

/** POST /account/delete-code: a code to the account's own phone, instead of a password, to delete it. */
export const DELETE_CODE_SENT = 'We have sent a 6-digit code to your mobile number.';
export const NO_PHONE_FOR_CODE = 'This account has no mobile number: please confirm with your password.';

/** POST /account/language: the language the signed-in shopper reads the shop in. */
export const SetLanguageRequest = z.strictObject({
  language: z.enum(['en', 'hi'], { error: 'language must be one of en, hi.' }),
});
export type SetLanguageRequest = z.infer<typeof SetLanguageRequest>;
