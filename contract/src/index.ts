/**
 * The wire format of /api/v1: one zod schema per request and response, shared by the
 * server (which validates with them) and the storefront (which types its calls with them).
 * Money is a number of rupees on the wire (e.g. 1499.5); the server keeps integer paise.
 */
export * from './accounts.js';
export * from './addresses.js';
export * from './admin.js';
export * from './carts.js';
export * from './catalog.js';
export * from './cod.js';
export * from './common.js';
export * from './contact.js';
export * from './countries.js';
export * from './coupons.js';
export * from './delivery.js';
export * from './delivery-days.js';
export * from './gst.js';
export * from './gst-books.js';
export * from './hindi-glossary.js';
export * from './listing-rules.js';
export * from './money.js';
export * from './newsletter.js';
export * from './orders.js';
export * from './payments.js';
export * from './phones.js';
export * from './pictures.js';
export * from './pincode-rules.js';
export * from './pincodes.js';
export * from './privacy.js';
export * from './product-address.js';
export * from './product-options.js';
export * from './product-record.js';
export * from './refunds.js';
export * from './returns.js';
export * from './review-rules.js';
export * from './reviews.js';
export * from './shipping.js';
export * from './stock-notices.js';
export * from './store-info.js';
export * from './whatsapp.js';
