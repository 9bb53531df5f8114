import type { StoreRow } from '../../db/schema.js';
import { istMinute } from '../../shared/india-time.js';
import { type MessageSettings, renderMessage, shopUrl } from './layout.js';
import type { OutgoingMessage } from './outbox.js';
import type { MailTexts } from './texts/catalogue.js';
import { englishTexts } from './texts/en.js';

/** The storefront's pages in the message's language: the shop's address, then '/hi' for Hindi. */
const pagesOf = (store: Pick<StoreRow, 'host' | 'public_port'>, settings: MessageSettings, mail: MailTexts) =>
  `${shopUrl(store, settings)}${mail.pagePrefix}`;

/** The link a shopper follows to set a new password; the token is the only copy outside the database's hash. */
export const resetPasswordUrl = (
  store: Pick<StoreRow, 'host' | 'public_port'>,
  token: string,
  settings: MessageSettings = {},
  mail: MailTexts = englishTexts,
): string => `${pagesOf(store, settings, mail)}/reset-password?token=${encodeURIComponent(token)}`;

/** The link that proves an email added to an account (the page then offers to set a password). */
export const verifyEmailUrl = (
  store: Pick<StoreRow, 'host' | 'public_port'>,
  token: string,
  settings: MessageSettings = {},
  mail: MailTexts = englishTexts,
): string => `${pagesOf(store, settings, mail)}/verify-email?token=${encodeURIComponent(token)}`;

/** The email with the link that adds this address to the account that asked, valid for `minutes`, once. */
export function verifyEmailMessage(
  store: StoreRow,
  link: { recipient: string; token: string; minutes: number },
  settings: MessageSettings = {},
  mail: MailTexts = englishTexts,
): OutgoingMessage {
  const texts = mail.account;
  return {
    storeId: store.id,
    kind: 'account.verify-email',
    recipient: link.recipient,
    subject: `${texts.verifySubject} | ${store.store_name}`,
    ...renderMessage(store, [
      {
        lines: [texts.verifyAsked(store.store_name), texts.verifyLink(link.minutes)],
        links: [{ label: texts.verifyButton, url: verifyEmailUrl(store, link.token, settings, mail) }],
      },
      { lines: [texts.verifyIgnore] },
    ]),
  };
}

/** The email with a password-reset link, valid for `minutes` and good for one use. */
export function passwordResetMessage(
  store: StoreRow,
  reset: { recipient: string; token: string; minutes: number },
  settings: MessageSettings = {},
  mail: MailTexts = englishTexts,
): OutgoingMessage {
  const texts = mail.account;
  return {
    storeId: store.id,
    kind: 'account.password-reset',
    recipient: reset.recipient,
    subject: `${texts.resetSubject} | ${store.store_name}`,
    ...renderMessage(store, [
      {
        lines: [texts.resetAsked(store.store_name), texts.resetLink(reset.minutes)],
        links: [{ label: texts.resetButton, url: resetPasswordUrl(store, reset.token, settings, mail) }],
      },
      { lines: [texts.resetIgnore, texts.resetSignsOut] },
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
  mail: MailTexts = englishTexts,
): OutgoingMessage {
  const texts = mail.account;
  const pages = pagesOf(store, settings, mail);
  return {
    storeId: store.id,
    kind: 'account.password-changed',
    recipient: user.email,
    subject: `${texts.changedSubject} | ${store.store_name}`,
    ...renderMessage(store, [
      { lines: [texts.changed(store.store_name, user.email, istMinute(at)), texts.othersSignedOut] },
      {
        lines: [texts.notYouChanged],
        links: [{ label: texts.forgotPassword, url: `${pages}/forgot-password` }],
      },
    ]),
  };
}

/** The welcome of a new account: which address it is, and where orders and a forgotten password are handled. */
export function welcomeMessage(
  store: StoreRow,
  user: { email: string; first_name: string },
  settings: MessageSettings = {},
  mail: MailTexts = englishTexts,
): OutgoingMessage {
  const texts = mail.account;
  const pages = pagesOf(store, settings, mail);
  return {
    storeId: store.id,
    kind: 'account.welcome',
    recipient: user.email,
    subject: texts.welcomeSubject(store.store_name),
    ...renderMessage(store, [
      {
        lines: [
          `${texts.welcome(greetingName(user.first_name))} ${texts.accountReady(store.store_name, user.email)}`,
          texts.ordersInMyOrders,
        ],
        links: [
          { label: texts.startShopping, url: pages },
          { label: texts.myOrders, url: `${pages}/orders` },
        ],
      },
      { lines: [texts.notYouCreated(`${pages}/forgot-password`)] },
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
  mail: MailTexts = englishTexts,
): OutgoingMessage {
  const texts = mail.account;
  const pages = pagesOf(store, settings, mail);
  return {
    storeId: store.id,
    kind: 'account.registered-again',
    recipient: user.email,
    subject: `${texts.againSubject} | ${store.store_name}`,
    ...renderMessage(store, [
      {
        lines: [texts.triedAgain(store.store_name, user.email), texts.ifYou],
        links: [
          { label: texts.signIn, url: `${pages}/login` },
          { label: texts.forgotPassword, url: `${pages}/forgot-password` },
        ],
      },
      { lines: [texts.ifNotYou] },
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
