/**
 * The shop's migrations, in the order they run. A migration once released is never edited: an
 * existing database has run it by its name and will not run it again, so a change to it would
 * reach new databases alone. Each file holds its own SQL as written then and imports nothing of
 * the shop's live code (nor does ./dialect.ts), so a later change elsewhere cannot change what it did.
 * Their SQL is kept character for character, spaces at the ends of lines too: SQLite keeps a
 * trigger's text as written, and test/migrations.test.ts compares the schema with its snapshot.
 *
 * A change to the schema is a new file, named after the date sequence of the last one (the next
 * is `2027-01-11-…`), added at the end of this list. The list is written out, not read from the
 * folder: the production server is one bundle (scripts/build.mjs).
 */
import type { Migration, MigrationProvider } from 'kysely';
import * as initial from './2026-11-01-initial.js';
import * as listingIndexes from './2026-11-23-listing-indexes.js';
import * as orderLinesAndPaymentSafety from './2026-11-24-order-lines-and-payment-safety.js';
import * as rateLimits from './2026-11-25-rate-limits.js';
import * as backOffice from './2026-11-27-back-office.js';
import * as storefrontTexts from './2026-11-28-storefront-texts.js';
import * as outbox from './2026-11-29-outbox.js';
import * as resetsTicketsSubscribers from './2026-11-30-resets-tickets-subscribers.js';
import * as gst from './2026-12-01-gst.js';
import * as search from './2026-12-10-search.js';
import * as searchSynonyms from './2026-12-12-search-synonyms.js';
import * as catalogVersion from './2026-12-14-catalog-version.js';
import * as searchByStore from './2026-12-16-search-by-store.js';
import * as storeChanges from './2026-12-20-store-changes.js';
import * as listingCounts from './2026-12-22-listing-counts.js';
import * as bulkWrites from './2026-12-24-bulk-writes.js';
import * as listingPositions from './2026-12-26-listing-positions.js';
import * as storeChangesBySchema from './2026-12-28-store-changes-by-schema.js';
import * as listingIndexesOfShown from './2026-12-30-listing-indexes-of-shown.js';
import * as derivedRowsUnchecked from './2026-12-31-derived-rows-unchecked.js';
import * as listingInsertPausable from './2027-01-02-listing-insert-pausable.js';
import * as paymentSettingsPerProvider from './2027-01-04-payment-settings-per-provider.js';
import * as storePublicAddress from './2027-01-06-store-public-address.js';
import * as staffSignInLinks from './2027-01-07-staff-sign-in-links.js';
import * as orderLineCap from './2027-01-08-order-line-cap.js';
import * as sessionDevices from './2027-01-09-session-devices.js';
import * as staffEmailPerStore from './2027-01-10-staff-email-per-store.js';
import * as productAddresses from './2027-01-11-product-addresses.js';
import * as pinDirectory from './2027-01-13-pin-directory.js';
import * as savedAddresses from './2027-01-14-saved-addresses.js';
import * as deliveryRules from './2027-01-15-delivery-rules.js';
import * as shippingCharges from './2027-01-16-shipping-charges.js';
import * as cashOnDelivery from './2027-01-19-cash-on-delivery.js';
import * as couriers from './2027-01-20-couriers.js';
import * as gstBooks from './2027-01-21-gst-books.js';
import * as refunds from './2027-01-22-refunds.js';
import * as returns from './2027-01-23-returns.js';
import * as phoneSignIn from './2027-01-24-phone-sign-in.js';
import * as courierLeftovers from './2027-01-25-courier-leftovers.js';
import * as whatsapp from './2027-01-26-whatsapp.js';
import * as returnPickups from './2027-01-27-return-pickups.js';
import * as emailVerification from './2027-01-28-email-verification.js';
import * as staffRoles from './2027-01-29-staff-roles.js';
import * as originAndBis from './2027-01-30-origin-and-bis.js';
import * as reviews from './2027-01-31-reviews.js';
import * as stockNotices from './2027-02-01-stock-notices.js';
import * as productVariants from './2027-02-02-product-variants.js';
import * as coupons from './2027-02-03-coupons.js';
import * as savedCarts from './2027-02-04-saved-carts.js';
import * as reviewVotes from './2027-02-05-review-votes.js';
import * as hindiCatalogue from './2027-02-06-hindi-catalogue.js';
import * as itemDiscounts from './2027-02-07-item-discounts.js';
import * as variantListing from './2027-02-08-variant-listing.js';
import * as messageLanguage from './2027-02-10-message-language.js';

const migrations: [name: string, migration: Migration][] = [
  ['2026-11-01-initial', initial],
  ['2026-11-23-listing-indexes', listingIndexes],
  ['2026-11-24-order-lines-and-payment-safety', orderLinesAndPaymentSafety],
  ['2026-11-25-rate-limits', rateLimits],
  ['2026-11-27-back-office', backOffice],
  ['2026-11-28-storefront-texts', storefrontTexts],
  ['2026-11-29-outbox', outbox],
  ['2026-11-30-resets-tickets-subscribers', resetsTicketsSubscribers],
  ['2026-12-01-gst', gst],
  ['2026-12-10-search', search],
  ['2026-12-12-search-synonyms', searchSynonyms],
  ['2026-12-14-catalog-version', catalogVersion],
  ['2026-12-16-search-by-store', searchByStore],
  ['2026-12-20-store-changes', storeChanges],
  ['2026-12-22-listing-counts', listingCounts],
  ['2026-12-24-bulk-writes', bulkWrites],
  ['2026-12-26-listing-positions', listingPositions],
  ['2026-12-28-store-changes-by-schema', storeChangesBySchema],
  ['2026-12-30-listing-indexes-of-shown', listingIndexesOfShown],
  ['2026-12-31-derived-rows-unchecked', derivedRowsUnchecked],
  ['2027-01-02-listing-insert-pausable', listingInsertPausable],
  ['2027-01-04-payment-settings-per-provider', paymentSettingsPerProvider],
  ['2027-01-06-store-public-address', storePublicAddress],
  ['2027-01-07-staff-sign-in-links', staffSignInLinks],
  ['2027-01-08-order-line-cap', orderLineCap],
  ['2027-01-09-session-devices', sessionDevices],
  ['2027-01-10-staff-email-per-store', staffEmailPerStore],
  ['2027-01-11-product-addresses', productAddresses],
  ['2027-01-13-pin-directory', pinDirectory],
  ['2027-01-14-saved-addresses', savedAddresses],
  ['2027-01-15-delivery-rules', deliveryRules],
  ['2027-01-16-shipping-charges', shippingCharges],
  ['2027-01-19-cash-on-delivery', cashOnDelivery],
  ['2027-01-20-couriers', couriers],
  ['2027-01-21-gst-books', gstBooks],
  ['2027-01-22-refunds', refunds],
  ['2027-01-23-returns', returns],
  ['2027-01-24-phone-sign-in', phoneSignIn],
  ['2027-01-25-courier-leftovers', courierLeftovers],
  ['2027-01-26-whatsapp', whatsapp],
  ['2027-01-27-return-pickups', returnPickups],
  ['2027-01-28-email-verification', emailVerification],
  ['2027-01-29-staff-roles', staffRoles],
  ['2027-01-30-origin-and-bis', originAndBis],
  ['2027-01-31-reviews', reviews],
  ['2027-02-01-stock-notices', stockNotices],
  ['2027-02-02-product-variants', productVariants],
  ['2027-02-03-coupons', coupons],
  ['2027-02-04-saved-carts', savedCarts],
  ['2027-02-05-review-votes', reviewVotes],
  ['2027-02-06-hindi-catalogue', hindiCatalogue],
  ['2027-02-07-item-discounts', itemDiscounts],
  ['2027-02-08-variant-listing', variantListing],
  ['2027-02-10-message-language', messageLanguage],
];

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return Object.fromEntries(migrations);
  },
};
