import type { StoreRow } from '../../db/schema.js';
import { type MessageSettings, renderMessage, shopUrl } from './layout.js';
import type { OutgoingMessage } from './outbox.js';

/** The link a shopper follows to set a new password; the token is the only copy outside the database's hash. */
export const resetPasswordUrl = (
  store: Pick<StoreRow, 'host'>,
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
