import type { StoreRow, UserRow } from '../../db/schema.js';
import { type MessageSettings, renderMessage, shopUrl } from './layout.js';
import type { OutgoingMessage } from './outbox.js';

/** The link a shopper follows to set a new password; the token is the only copy outside the database's hash. */
export const resetPasswordUrl = (
  store: Pick<StoreRow, 'host' | 'public_port'>,
  token: string,
  settings: MessageSettings = {},
): string => `${shopUrl(store, settings)}/reset-password?token=${encodeURIComponent(token)}`;

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

/** The welcome of a new account: which address it is, and where orders and a forgotten password are handled. */
export function welcomeMessage(
  store: StoreRow,
  user: Pick<UserRow, 'email' | 'first_name'>,
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
          `Welcome, ${user.first_name}. Your ${store.store_name} account is ready; you sign in with ${user.email}.`,
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
