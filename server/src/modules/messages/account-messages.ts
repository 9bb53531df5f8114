import type { StoreRow } from '../../db/schema.js';
import { istMinute } from '../../shared/india-time.js';
import { type MessageSettings, renderMessage, shopUrl } from './layout.js';
import type { OutgoingMessage } from './outbox.js';

/** The link a shopper follows to set a new password; the token is the only copy outside the database's hash. */
export const resetPasswordUrl = (
  store: Pick<StoreRow, 'host' | 'public_port'>,
  token: string,
  settings: MessageSettings = {},
): string => `${shopUrl(store, settings)}/reset-password?token=${encodeURIComponent(token)}`;

/** The link that proves an email added to an account (the page then offers to set a password). */
export const verifyEmailUrl = (
  store: Pick<StoreRow, 'host' | 'public_port'>,
  token: string,
  settings: MessageSettings = {},
): string => `${shopUrl(store, settings)}/verify-email?token=${encodeURIComponent(token)}`;

/** The email with the link that adds this address to the account that asked, valid for `minutes`, once. */
export function verifyEmailMessage(
  store: StoreRow,
  link: { recipient: string; token: string; minutes: number },
  settings: MessageSettings = {},
): OutgoingMessage {
  return {
    storeId: store.id,
    kind: 'account.verify-email',
    recipient: link.recipient,
    subject: `Confirm your email | ${store.store_name}`,
    ...renderMessage(store, [
      {
        lines: [
          `Someone (we hope you) asked to add this email to their ${store.store_name} account.`,
          `The link below confirms it. It is valid for ${link.minutes} minutes and works once.`,
        ],
        links: [{ label: 'Confirm my email', url: verifyEmailUrl(store, link.token, settings) }],
      },
      { lines: ['If you did not ask for this, you can ignore this email: nothing changes.'] },
    ]),
  };
}

/** The email with a password-reset link, valid for `minutes` and good for one use. */
export function passwordResetMessage(
  store: StoreRow,
  reset: { recipient: string; token: string; minutes: number },
  settings: MessageSettings = {},
): OutgoingMessage {
  return {
    storeId: store.id,
    kind: 'account.password-reset',
    recipient: reset.recipient,
    subject: `Reset your password | ${store.store_name}`,
    ...renderMessage(store, [
      {
        lines: [
          `Someone (we hope you) asked to reset the password of your ${store.store_name} account.`,
          `The link below lets you choose a new password. It is valid for ${reset.minutes} minutes and works once.`,
        ],
        links: [{ label: 'Set a new password', url: resetPasswordUrl(store, reset.token, settings) }],
      },
      {
        lines: [
          'If you did not ask for this, you can ignore this email: your password stays as it is.',
          'Once you set a new password, every device signed in to your account is signed out.',
        ],
      },
    ]),
  };
}

/**
 * Told after a signed-in shopper changed their password: when, and that their other devices were
 * signed out. If it was not them, the reset link (which signs out every device, this one too) is the way back in.
 */
export function passwordChangedMessage(
  store: StoreRow,
  user: { email: string },
  at: number,
  settings: MessageSettings = {},
): OutgoingMessage {
  const shop = shopUrl(store, settings);
  return {
    storeId: store.id,
    kind: 'account.password-changed',
    recipient: user.email,
    subject: `Your password was changed | ${store.store_name}`,
    ...renderMessage(store, [
      {
        lines: [
          `The password of your ${store.store_name} account, ${user.email}, was changed on ${istMinute(at)} (India time).`,
          'Every other device signed in to your account was signed out; the one you changed it on stays signed in.',
        ],
      },
      {
        lines: [
          'If you did not change it, someone else knows your password: set a new one now. That signs out every device, theirs too.',
        ],
        links: [{ label: 'Forgot your password?', url: `${shop}/forgot-password` }],
      },
    ]),
  };
}

/** The welcome of a new account: which address it is, and where orders and a forgotten password are handled. */
export function welcomeMessage(
  store: StoreRow,
  user: { email: string; first_name: string },
  settings: MessageSettings = {},
): OutgoingMessage {
  const shop = shopUrl(store, settings);
  return {
    storeId: store.id,
    kind: 'account.welcome',
    recipient: user.email,
    subject: `Welcome to ${store.store_name}`,
    ...renderMessage(store, [
      {
        lines: [
          `${greeting('Welcome', user.first_name)} Your ${store.store_name} account is ready; you sign in with ${user.email}.`,
          'Your orders, their payments and their tracking are all in My Orders.',
        ],
        links: [
          { label: 'Start shopping', url: shop },
          { label: 'My Orders', url: `${shop}/orders` },
        ],
      },
      {
        lines: [
          `If you did not create this account, someone typed your address by mistake: ask for a password reset at ${shop}/forgot-password to take it over, or ignore this email.`,
        ],
      },
    ]),
  };
}

/**
 * Told to the owner of an email when someone registers it again: nothing was created, and
 * nothing the registering person typed is repeated (the form could be anyone's, naming anyone).
 */
export function registeredAgainMessage(
  store: StoreRow,
  user: { email: string },
  settings: MessageSettings = {},
): OutgoingMessage {
  const shop = shopUrl(store, settings);
  return {
    storeId: store.id,
    kind: 'account.registered-again',
    recipient: user.email,
    subject: `Someone tried to create an account with your email | ${store.store_name}`,
    ...renderMessage(store, [
      {
        lines: [
          `Someone tried to create a ${store.store_name} account with your email, ${user.email}. You already have an account, so no new one was made and your password is unchanged.`,
          'If it was you, sign in with your password, or choose a new one if you have forgotten it.',
        ],
        links: [
          { label: 'Sign in', url: `${shop}/login` },
          { label: 'Forgot your password?', url: `${shop}/forgot-password` },
        ],
      },
      {
        lines: [
          'If it was not you, you can ignore this email: nobody can sign in to your account without your password.',
        ],
      },
    ]),
  };
}

/** Longer names are cut: a greeting is no place for a paragraph. */
export const GREETING_NAME_MAX = 60;
/** A web or email address, or a domain name: a name that looks like one could carry a link to a stranger. */
const LINK_LIKE = /:\/\/|www\.|@|[\p{L}\p{N}-]\.[\p{L}]{2,}/iu;

/**
 * The one piece of a form's text an email to the address given may repeat: a name, on one line,
 * at most GREETING_NAME_MAX characters, and not at all when it looks like a link. Such emails
 * go to whatever address was typed, so anything more would let a stranger write to anyone in
 * the shop's name.
 */
export function greetingName(name: string): string {
  const line = name
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (LINK_LIKE.test(line)) return '';
  return [...line].slice(0, GREETING_NAME_MAX).join('').trim();
}

/** "Welcome, Asha." or, with no name fit to repeat, "Welcome." */
export function greeting(words: string, name: string): string {
  const shown = greetingName(name);
  return shown ? `${words}, ${shown}.` : `${words}.`;
}
