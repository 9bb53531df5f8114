import type { ShopLanguage } from '@netkart/contract';
import { englishTexts } from './en.js';
import { hindiTexts } from './hi.js';

/**
 * Every sentence the shop writes to a shopper, in one language. English and Hindi are objects of
 * this type, so a text missing from either fails the build. Texts that take values are functions;
 * the store's own texts (its name, addresses, reasons its staff typed) are passed in, never translated.
 */
export interface MailTexts {
  /** Where this language's pages start on the storefront: '' for English, '/hi' for Hindi. */
  pagePrefix: '' | '/hi';
  order: {
    size(size: string): string;
    colour(colour: string): string;
    total(amount: string): string;
    phone(phone: string): string;
    /** The promised delivery, latest day as YYYY-MM-DD, with its "estimated". */
    estimated(latest: string): string;
    yourOrder: string;
    shippingTo: string;
    payment: string;
    trackYourOrder: string;
    myOrders: string;
    /** How to pay an order that waits for the merchant to see the money (cash on delivery, UPI); undefined: the provider's own words. */
    payByHand(provider: string): string | undefined;
    payLater: string;
    payOnline: string;
    placedSubject(id: string): string;
    thankYou(name: string): string;
    orderNumber(id: string): string;
    codSubject(id: string): string;
    codConfirmed(id: string, amount: string): string;
    packingNow: string;
    paidSubject(id: string): string;
    paymentReceived(amount: string, id: string): string;
    paperwork(kind: 'tax invoice' | 'receipt'): string;
    shippedSubject(id: string): string;
    onItsWay(id: string): string;
    courier(name: string): string;
    trackingNumber(number: string): string;
    trackParcel: string;
    deliveredSubject(id: string): string;
    delivered(id: string, shop: string): string;
    cancelledByShopperSubject(id: string): string;
    cancelledSubject(id: string): string;
    cancelledByShopper(id: string): string;
    cancelled(id: string, reason: string | null): string;
    refundOfPayment(amount: string): string;
    noPayment: string;
  };
  refund: {
    hello(name: string): string;
    toGateway: string;
    toDestination(destination: string): string;
    inCash: string;
    toAccount: string;
    started(amount: string, id: string, whereTo: string): string;
    bankDays: string;
    refunded(amount: string, id: string, whereTo: string): string;
    reference(reference: string): string;
    notShown: string;
    startedSubject(amount: string, id: string): string;
    refundedSubject(amount: string, id: string): string;
    why: string;
    myOrders: string;
  };
  account: {
    verifySubject: string;
    verifyAsked(shop: string): string;
    verifyLink(minutes: number): string;
    verifyButton: string;
    verifyIgnore: string;
    resetSubject: string;
    resetAsked(shop: string): string;
    resetLink(minutes: number): string;
    resetButton: string;
    resetIgnore: string;
    resetSignsOut: string;
    changedSubject: string;
    changed(shop: string, email: string, at: string): string;
    othersSignedOut: string;
    notYouChanged: string;
    forgotPassword: string;
    welcomeSubject(shop: string): string;
    /** The greeting with the name fit to repeat (see greetingName), or none. */
    welcome(name: string): string;
    accountReady(shop: string, email: string): string;
    ordersInMyOrders: string;
    startShopping: string;
    myOrders: string;
    notYouCreated(forgotUrl: string): string;
    againSubject: string;
    triedAgain(shop: string, email: string): string;
    ifYou: string;
    signIn: string;
    ifNotYou: string;
  };
  returns: {
    exchange: string;
    return: string;
    hello(name: string): string;
    seeOrders: string;
    approvedSubject(what: string, id: string, order: string): string;
    approved(what: string, id: string, order: string): string;
    pack: string;
    refusedSubject(what: string, id: string, order: string): string;
    refused(what: string, id: string, order: string): string;
    reason(reason: string): string;
    replyWithQuestion: string;
    receivedSubject(what: string, id: string, order: string): string;
    received(what: string, id: string): string;
    replacement: string;
    refundToUpi(amount: string, upi: string): string;
    refundBack(amount: string): string;
    otherSubject(what: string, id: string): string;
  };
  review: {
    subject(id: string): string;
    heading: string;
    delivered(id: string): string;
    reviewProduct(title: string): string;
    onlyOne: string;
  };
  cart: {
    waiting: string;
    keptAsLeft: string;
    pricesChecked: string;
    backToCart: string;
    firstReminder: string;
    lastReminder: string;
    howToStop: string;
  };
  /** The one email of a "Notify me" wish: the product (or variant) is back. */
  stock: {
    subject(product: string): string;
    heading(product: string): string;
    asked(product: string): string;
    seeProduct: string;
    onlyEmail: string;
  };
}

export const MAIL_TEXTS: Record<ShopLanguage, MailTexts> = { en: englishTexts, hi: hindiTexts };

/** The texts of a language; English for anything else (an account's language is 'en' or 'hi'). */
export const mailTexts = (language: string | null | undefined): MailTexts =>
  language === 'hi' ? hindiTexts : englishTexts;
