import os from 'node:os';
import path from 'node:path';
import { COD_PAYMENT, checkGstin, OrderStatus } from '@netkart/contract';
import type { Database } from './db/schema.js';
import { AddressBook } from './modules/accounts/addresses.js';
import { EmailVerifications } from './modules/accounts/email-verification.js';
import { PasswordChanges } from './modules/accounts/password-change.js';
import { PasswordResets } from './modules/accounts/password-reset.js';
import type { ScryptCost } from './modules/accounts/passwords.js';
import { PhoneSignIn } from './modules/accounts/phone-sign-in.js';
import { AccountService } from './modules/accounts/service.js';
import { ShopperSessions } from './modules/accounts/sessions.js';
import { AuditLog } from './modules/audit/service.js';
import { CartService } from './modules/carts/service.js';
import { CatalogService } from './modules/catalog/service.js';
import { ContactService } from './modules/contact/service.js';
import { CouponService } from './modules/coupons/service.js';
import type { CourierEnvironment } from './modules/couriers/provider.js';
import { CourierService, courierTimeline } from './modules/couriers/service.js';
import { documentsOfOrders } from './modules/invoices/listing.js';
import { InvoiceService } from './modules/invoices/service.js';
import { registeredAgainMessage, welcomeMessage } from './modules/messages/account-messages.js';
import type { MessageSettings } from './modules/messages/layout.js';
import { OrderMail } from './modules/messages/order-mail.js';
import { Outbox } from './modules/messages/outbox.js';
import { refundMessage } from './modules/messages/refund-messages.js';
import { shopperSmsText } from './modules/messages/sms-templates.js';
import { StockSummary } from './modules/messages/stock-summary.js';
import { enqueueTextMessage } from './modules/messages/text-messages.js';
import { mailTexts } from './modules/messages/texts/catalogue.js';
import { NewsletterService } from './modules/newsletter/service.js';
import { StockNotices } from './modules/notices/service.js';
import {
  DEFAULT_ORDER_POLICY,
  type NewCharge,
  type OrderPolicy,
  OrderService,
  orderTimeline,
} from './modules/orders/service.js';
import { CodService, DEFAULT_COD_CODE_POLICY } from './modules/payments/cod/service.js';
import { refundTimeline } from './modules/payments/refunds.js';
import { paymentWaitsByHand } from './modules/payments/registry.js';
import { PaymentService } from './modules/payments/service.js';
import { NO_PAYMENT_ENVIRONMENT, type PaymentEnvironment } from './modules/payments/settings.js';
import { newStoreSettings } from './modules/payments/stored-settings.js';
import { DeliveryRulesService } from './modules/pincodes/delivery-rules.js';
import { PincodeService } from './modules/pincodes/service.js';
import { PrivacyService } from './modules/privacy/service.js';
import { ReturnService } from './modules/returns/service.js';
import { returnTimeline } from './modules/returns/timeline.js';
import { ReviewService } from './modules/reviews/service.js';
import { ShippingService } from './modules/shipping/service.js';
import { StaffService } from './modules/staff/service.js';
import { StaffSignInLinks } from './modules/staff/sign-in-links.js';
import { StoreService } from './modules/stores/service.js';
import { NO_WHATSAPP, type WhatsAppEnvironment } from './modules/whatsapp/environment.js';
import { WhatsAppService } from './modules/whatsapp/service.js';

/** The modules' services; the back office's, built on these, are added by app.ts (the only one to wire it). */
export interface ModuleServices {
  stores: StoreService;
  accounts: AccountService;
  addressBook: AddressBook;
  sessions: ShopperSessions;
  catalog: CatalogService;
  orders: OrderService;
  payments: PaymentService;
  audit: AuditLog;
  staff: StaffService;
  staffSignInLinks: StaffSignInLinks;
  outbox: Outbox;
  privacy: PrivacyService;
  stockSummary: StockSummary;
  newsletter: NewsletterService;
  notices: StockNotices;
  contact: ContactService;
  passwordResets: PasswordResets;
  phoneSignIn: PhoneSignIn;
  emailVerifications: EmailVerifications;
  passwordChanges: PasswordChanges;
  invoices: InvoiceService;
  pincodes: PincodeService;
  delivery: DeliveryRulesService;
  couriers: CourierService;
  cod: CodService;
  shipping: ShippingService;
  coupons: CouponService;
  whatsApp: WhatsAppService;
  returns: ReturnService;
  reviews: ReviewService;
  carts: CartService;
}

/** What the services take from the configuration (the server's and the `store` command's). */
export interface ServiceSettings {
  payments: PaymentEnvironment;
  orders: OrderPolicy;
  /** Cost of hashing new passwords: OWASP's unless a test shop asks for a cheaper one. */
  passwordCost?: ScryptCost;
  /** Who hears of new orders, and the port of links to a store on localhost. */
  messages?: MessageSettings;
  /** The courier services' addresses, their time limit, and where labels are kept. */
  couriers?: CourierEnvironment;
  /** The WhatsApp Business account order updates go through (none: they are written to the outbox folder). */
  whatsApp?: WhatsAppEnvironment;
  /** The returns' clock: a test sets the day to try the window's last day. */
  returns?: { clock?: () => Date };
}

/** Shiprocket's own address, a 20 s limit per call, labels in the temporary folder (tests and tools give their own). */
export const DEFAULT_COURIER_ENVIRONMENT: CourierEnvironment = {
  shiprocketApiUrl: 'https://apiv2.shiprocket.in',
  timeoutMs: 20_000,
  labelsDir: path.join(os.tmpdir(), 'store-labels'),
};

export const DEFAULT_SERVICE_SETTINGS: ServiceSettings = {
  payments: NO_PAYMENT_ENVIRONMENT,
  orders: DEFAULT_ORDER_POLICY,
};

/**
 * Each module's service, lowest rooms first: what a lower module needs from a higher one (an order's
 * invoice documents, its messages, how its payment is confirmed) is passed in here as a function.
 */
export function createModuleServices(db: Database, settings: ServiceSettings): ModuleServices {
  const stores = new StoreService(db, newStoreSettings, settings.messages?.port);
  const outbox = new Outbox(db);
  // An order's emails speak the language of the account that placed it (built below, asked at change time).
  const orderMail = new OrderMail(outbox, stores, settings.messages, (trx, storeId, userId) =>
    accounts.languageOf(storeId, userId, trx),
  );
  const pincodes = new PincodeService(db);
  const stateOfPincode = (pin: string, trx?: Database) => pincodes.lookup(pin, trx);
  // The default rules' "same state" zone is the state of the store's GSTIN.
  const delivery = new DeliveryRulesService(db, pincodes, async (storeId, trx) => {
    const store = await stores.byId(storeId, trx);
    const gstin = store?.gstin ? checkGstin(store.gstin) : undefined;
    return gstin?.valid ? gstin.stateName : undefined;
  });
  const invoices = new InvoiceService(db, stores, undefined, stateOfPincode);
  const addressBook = new AddressBook(db, stateOfPincode);
  const audit = new AuditLog(db);
  const shipping = new ShippingService(db, stores, pincodes);
  // A coupon limited to categories asks the catalogue (built later, asked only at pricing time).
  const coupons = new CouponService(
    db,
    (trx, storeId, productIds) => catalog.categoriesOf(storeId, productIds, trx),
    undefined,
    audit,
  );
  const whatsApp = new WhatsAppService(
    db,
    outbox,
    stores,
    settings.whatsApp ?? NO_WHATSAPP,
    settings.messages,
    (trx, storeId, userId) => accounts.languageOf(storeId, userId, trx),
  );
  // Payments and couriers are built on the orders, yet hear of their changes (a cancelled paid
  // order's refund, its courier booking to cancel).
  let payments: PaymentService | undefined;
  let couriers: CourierService | undefined;
  // A cancelled order's stock back on the shelf: the "Notify me" wishes hear of it.
  let notices: StockNotices | undefined;
  // A delivered order's review request (for a shopper who asked for them).
  let reviewsOfOrders: ReviewService | undefined;
  // A placed order's lines leave the shopper's kept cart.
  let keptCarts: CartService | undefined;
  const orders = new OrderService(db, settings.orders, {
    // An order's invoice, messages and refund are written in the transaction of the change that causes them.
    onChange: async (trx, change) => {
      await invoices.orderChanged(trx, change);
      await orderMail.orderChanged(trx, change);
      await whatsApp.orderChanged(trx, change);
      await payments?.orderChanged(trx, change);
      await couriers?.orderChanged(trx, change);
      if (change.kind === 'moved') await notices?.stockMayBeBack(trx, change.order.store_id);
      // A cancelled or expired order gives its coupon's use back.
      if (change.kind === 'moved' && change.to === OrderStatus.Cancelled)
        await coupons.orderCancelled(trx, change.order.id, change.by?.actor);
      await reviewsOfOrders?.orderChanged(trx, change);
      await keptCarts?.orderPlaced(trx, change);
    },
    waitsByHand: paymentWaitsByHand,
    documentsOf: (orderIds) => documentsOfOrders(db, orderIds),
    stateOfPincode,
    deliveryPromiseOf: (storeId, pin) => delivery.promiseFor(storeId, pin),
    // An order's address joins the shopper's saved ones, on request, in the order's transaction.
    saveAddress: (trx, owner, address) => addressBook.saveFromOrder(trx, owner, address),
    // Order updates on WhatsApp, asked for with the order: the consent is recorded before it is placed.
    consentToUpdates: (trx, owner, phone) => whatsApp.consentWithOrder(trx, owner, phone),
    // The language of the page an order is placed from is kept on the account: its emails speak it.
    keepLanguage: (trx, owner, language) => accounts.keepLanguage(trx, owner.storeId, owner.userId, language),
    // A shopper's own cancellation is logged with the staff's.
    audit,
    // THE list of an order's charges beyond its items, each from its own module's rules, in this
    // order on the order and its invoice.
    charges: async (trx, order): Promise<NewCharge[]> => {
      const fees = [
        ...(await shipping.chargeFor(trx, {
          storeId: order.storeId,
          lines: order.lines,
          itemsTotal: order.itemsTotal,
          pincode: order.shippingAddress.postalCode,
        })),
        ...(order.paymentMethod === COD_PAYMENT ? await cod.feeFor(trx, order.storeId, order.itemsTotal) : []),
      ];
      // The coupon last: one a free-shipping coupon reads the shipping charged above.
      return [...fees, ...(await coupons.discountFor(trx, order, fees))];
    },
    // THE list of an order's timeline's sources, each module telling its part; merged oldest first.
    timeline: [orderTimeline, refundTimeline, returnTimeline, courierTimeline],
    // A cancellation committed: its booking is cancelled at the courier (retried by the housekeeping).
    afterCancel: (storeId, orderId) => couriers?.cancelDue(Date.now(), { storeId, orderId }),
  });
  payments = new PaymentService(
    db,
    orders,
    settings.payments,
    (id, trx) => stores.byId(id, trx),
    // The shopper hears of a refund started or made, through the outbox, in the refund's transaction.
    async (trx, refund, kind) => {
      const store = await stores.byId(refund.store_id, trx);
      const order = await orders.findRow(refund.store_id, refund.order_id, trx);
      if (store && order) {
        const language = await accounts.languageOf(store.id, order.user_id, trx);
        await outbox.enqueue(trx, refundMessage(store, order, refund, kind, settings.messages, mailTexts(language)));
      }
    },
  );
  // A COD order's code goes out as a text message through the outbox, in the order's transaction,
  // and on WhatsApp too for a shopper whose consent to updates there stands.
  const cod = new CodService(
    db,
    orders,
    (trx, message) => enqueueTextMessage(outbox, trx, message),
    DEFAULT_COD_CODE_POLICY,
    (trx, message) => whatsApp.codCode(trx, message),
    // In Hindi to a Hindi shopper when the merchant has the Hindi template; the account is asked at send time.
    async (trx, owner, values) =>
      shopperSmsText(
        'cod-code',
        { ...values },
        await accounts.languageOf(owner.storeId, owner.userId, trx),
        settings.messages?.hindiSmsKinds,
      ),
  );
  const catalog = new CatalogService(db, (trx, productIds) => orders.productsOrderedAmong(trx, productIds));
  // Stock raised anywhere in the catalogue: each waiting "Notify me" gets its one email, in that transaction.
  notices = new StockNotices(db, catalog, stores, outbox, settings.messages);
  const stockNotices = notices;
  catalog.stockMayBeBack = (trx, storeId) => stockNotices.stockMayBeBack(trx, storeId);
  const accounts = new AccountService(
    db,
    settings.passwordCost,
    async (trx, user) => {
      const store = await stores.byId(user.store_id, trx);
      // An account made by mobile number has no email to welcome.
      if (store && user.email)
        await outbox.enqueue(
          trx,
          welcomeMessage(store, { ...user, email: user.email }, settings.messages, mailTexts(user.language)),
        );
    },
    async (trx, user) => {
      const store = await stores.byId(user.store_id, trx);
      if (store && user.email) {
        await outbox.enqueue(
          trx,
          registeredAgainMessage(store, { email: user.email }, settings.messages, mailTexts(user.language)),
        );
      }
    },
  );
  const newsletter = new NewsletterService(db, outbox, settings.messages);
  // Sign-in codes go out as text messages through the outbox, in the transaction that stores them.
  // A code goes by SMS, and on WhatsApp too to a number whose owner asked for updates there.
  const phoneSignIn = new PhoneSignIn(db, accounts, async (trx, message) => {
    await enqueueTextMessage(outbox, trx, message);
    await whatsApp.signInCode(trx, message);
  });
  const staff = new StaffService(db, audit, settings.passwordCost);
  couriers = new CourierService(db, orders, catalog, settings.couriers ?? DEFAULT_COURIER_ENVIRONMENT);
  const paymentsService = payments;
  const returns = new ReturnService(db, {
    orders,
    catalog,
    invoices,
    stores,
    outbox,
    audit,
    messages: settings.messages,
    languageOf: (storeId, userId, trx) => accounts.languageOf(storeId, userId, trx),
    clock: settings.returns?.clock,
    // A received return's refund, owed in the receipt's transaction: back through the gateway that
    // took the payment, or to the shopper's UPI id for a cash-on-delivery order.
    onReceived: [
      async (trx, received) => {
        if (received.kind !== 'return' || received.amount <= 0) return;
        await paymentsService.refundDue(trx, {
          storeId: received.storeId,
          orderId: received.orderId,
          amount: received.amount,
          reason: `Return ${received.returnId}: ${received.reason}`,
          source: 'return',
          returnId: received.returnId,
          ...(received.refundTo ? { method: 'upi', destination: received.refundTo.upi } : {}),
        });
      },
    ],
    // An exchange's replacement: the same products at no charge, Processing (another size or colour
    // comes with variants).
    exchange: (trx, { order, lines, returnId }) =>
      orders.placeExchange(trx, order, lines, `Exchange for return ${returnId} of order ${order.id}`),
    // A reverse pickup booked with the store's courier service (a Shiprocket return order and its
    // AWB), keyed by the return; a store with no courier service is told to book it by hand.
    bookPickup: (pickup) => couriers.bookReturnPickup(pickup),
  });
  const carts = new CartService(db, {
    accounts,
    catalog,
    orders,
    stores,
    outbox,
    whatsApp,
    messages: settings.messages,
  });
  const reviews = new ReviewService(db, {
    catalog,
    orders,
    audit,
    requests: {
      outbox,
      stores,
      messages: settings.messages,
      consented: (trx, owner) => carts.consents.stands(owner, 'review-requests', trx),
      languageOf: (trx, owner) => accounts.languageOf(owner.storeId, owner.userId, trx),
    },
  });
  reviewsOfOrders = reviews;
  keptCarts = carts;
  return {
    stores,
    accounts,
    addressBook,
    sessions: new ShopperSessions(db),
    catalog,
    orders,
    payments,
    audit,
    staff,
    staffSignInLinks: new StaffSignInLinks(db, outbox, staff, settings.messages),
    outbox,
    privacy: new PrivacyService(db, {
      accounts,
      phoneSignIn,
      addressBook,
      orders,
      newsletter,
      notices: stockNotices,
      reviews,
      carts,
      outbox,
      audit,
    }),
    stockSummary: new StockSummary(db, outbox, stores, catalog, settings.messages),
    newsletter,
    notices: stockNotices,
    contact: new ContactService(db, outbox, audit, settings.messages),
    passwordResets: new PasswordResets(db, outbox, settings.messages, settings.passwordCost),
    phoneSignIn,
    emailVerifications: new EmailVerifications(db, outbox, settings.messages),
    passwordChanges: new PasswordChanges(db, outbox, audit, settings.messages, settings.passwordCost),
    invoices,
    pincodes,
    delivery,
    couriers,
    cod,
    shipping,
    coupons,
    whatsApp,
    returns,
    reviews,
    carts,
  };
}
