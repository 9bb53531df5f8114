import type { StoreRow } from '../../db/schema.js';
import { escapeHtml } from '../../shared/html.js';
import { formatInr, toRupees } from '../../shared/money.js';
import { publicOriginOf } from '../stores/public-address.js';

/** Where the messages point and who hears of new orders. */
export interface MessageSettings {
  /** The merchant's address for new orders, contact messages and stock summaries; the store's companyEmail when unset. */
  notifyEmail?: string;
  /** The shop's port, for links to a store served on localhost. */
  port?: number;
  /** The SMS kinds the merchant has Hindi DLT templates for (MSG91_HINDI_TEMPLATE_IDS): a Hindi shopper's go in Hindi. */
  hindiSmsKinds?: readonly string[];
}

/** The shop's address as a shopper opens it: the store's public origin (see publicOriginOf), never a request's Host. */
export function shopUrl(store: Pick<StoreRow, 'host' | 'public_port'>, settings: MessageSettings = {}): string {
  return publicOriginOf(store, settings.port);
}

/** Where the merchant hears of the shop: NOTIFY_EMAIL, else the store's own email (none: nobody). */
export const merchantAddress = (store: Pick<StoreRow, 'company_email'>, settings: MessageSettings = {}): string =>
  settings.notifyEmail || store.company_email;

export const rupees = (paise: number): string => formatInr(toRupees(Number(paise)));

/** The storefront's brand colours (web/src/index.css), so a message looks like the shop it comes from. */
const BRAND = '#4338ca';
const BRAND_TINT = '#eef2ff';

/** A block of the message: a heading, lines of text, and links; written once as text and as HTML. */
export interface Block {
  heading?: string;
  lines: string[];
  links?: { label: string; url: string }[];
}

/** The message in plain text and in HTML, under the store's name and over its signature. */
export function renderMessage(store: Pick<StoreRow, 'store_name'>, blocks: Block[]): { text: string; html: string } {
  const text = [
    ...blocks.map((block) =>
      [
        ...(block.heading ? [block.heading] : []),
        ...block.lines,
        ...(block.links ?? []).map((link) => `${link.label}: ${link.url}`),
      ].join('\n'),
    ),
    `— ${store.store_name}`,
  ].join('\n\n');
  const html = [
    '<!doctype html><html><body style="margin:0;font-family:sans-serif;line-height:1.5;color:#222">',
    `<div style="background:${BRAND};color:#fff;padding:16px 24px"><h1 style="margin:0;font-size:20px">${escapeHtml(store.store_name)}</h1></div>`,
    '<div style="padding:8px 24px 24px">',
    ...blocks.map((block) =>
      [
        block.heading ? `<h2 style="font-size:16px;color:${BRAND}">${escapeHtml(block.heading)}</h2>` : '',
        block.lines.length ? `<p>${block.lines.map(escapeHtml).join('<br>')}</p>` : '',
        ...(block.links ?? []).map(
          (link) =>
            `<p><a href="${escapeHtml(link.url)}" style="display:inline-block;background:${BRAND_TINT};color:${BRAND};padding:8px 12px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(link.label)}</a></p>`,
        ),
      ].join(''),
    ),
    `<p style="color:#555">— ${escapeHtml(store.store_name)}</p>`,
    '</div></body></html>',
  ].join('\n');
  return { text, html };
}
