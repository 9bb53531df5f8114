import type { SubscriberRow } from '../../db/schema.js';
import { escapeHtml, page } from '../../shared/html.js';
import type { Store } from '../stores/service.js';

export const UNSUBSCRIBED = 'You have been unsubscribed.';

const title = (store: Pick<Store, 'store_name'>) => `Unsubscribe | ${store.store_name}`;
const backTo = (store: Pick<Store, 'store_name'>, shopAddress: string) =>
  `<p><a href="${escapeHtml(shopAddress)}">Back to ${escapeHtml(store.store_name)}</a></p>`;

/** A GET only asks: mail scanners open links, and must not unsubscribe anyone. */
export const confirmPage = (store: Store, subscriber: Pick<SubscriberRow, 'email'>, action: string): string =>
  page(
    title(store),
    `<h1>Unsubscribe from our newsletter?</h1>
<p>${escapeHtml(store.store_name)} will send no more newsletters to <strong>${escapeHtml(subscriber.email)}</strong>.</p>
<form method="post" action="${escapeHtml(action)}"><div class="actions"><button type="submit" class="primary">Unsubscribe</button></div></form>`,
  );

export const unsubscribedPage = (store: Store, subscriber: Pick<SubscriberRow, 'email'>, shopAddress: string): string =>
  page(
    title(store),
    `<h1>${UNSUBSCRIBED}</h1>
<p>${escapeHtml(store.store_name)} will send no more newsletters to <strong>${escapeHtml(subscriber.email)}</strong>. Emails about your orders still come.</p>
${backTo(store, shopAddress)}`,
  );

export const unknownLinkPage = (store: Store, shopAddress: string): string =>
  page(
    title(store),
    `<h1>We do not know this unsubscribe link</h1>
<p>It may be cut short, or from an email sent before you subscribed again: use the link in our latest email.</p>
${
  store.company_email
    ? `<p>Or write to <a href="mailto:${escapeHtml(store.company_email)}">${escapeHtml(store.company_email)}</a> and we will unsubscribe you.</p>`
    : ''
}${backTo(store, shopAddress)}`,
  );
