import type { PaymentField, PaymentResponse } from '@netkart/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { OrderRow, PaymentRow, UserRow } from '../../db/schema.js';
import type { Store } from '../stores/service.js';

/** One provider's settings as stored: its own keys only, secrets included (they never leave the server). */
export type ProviderSettings = Record<string, string>;

/** What a provider is told when a shopper starts paying for an order. */
export interface PaymentStart {
  store: Store;
  /** This provider's settings for the store, checked by its own schema. */
  settings: ProviderSettings;
  order: OrderRow;
  user: UserRow;
  /** The payer's answers to the provider's fields. */
  fields: Record<string, string>;
  /** This server's public origin, e.g. https://api.shop.example, for return and callback URLs. */
  origin: string;
  /** True when the payer is on a phone (UPI answers with a deeplink there, a QR elsewhere). */
  mobile: boolean;
}

/** The one standard outcome of a verified gateway callback or webhook (Medusa's webhook outcomes, in small). */
export interface PaymentOutcome {
  orderId: string;
  /** The provider's reference for this attempt (txnid, UTR …): a replay carries the same one. */
  reference: string;
  /** What the gateway says was paid, in paise. */
  amount: number;
  /** 'pending': the gateway will say later (PayU); the same reference may then succeed or fail. */
  status: 'success' | 'failed' | 'pending';
  /** The gateway's words for a failure, shown to the payer. */
  reason?: string;
  detail: Record<string, string>;
  /** Who recorded it when it is not the gateway: 'merchant', 'staff:asha@…'. */
  recordedBy?: string;
}

/** A gateway's word that a refund it made is done (or failed), by the payment it returns money from. */
export interface RefundNotice {
  refund: {
    /** The provider's reference of the payment refunded. */
    paymentReference: string;
    /** The gateway's own id of the refund. */
    reference: string;
    status: 'processed' | 'failed';
    amount: number;
  };
}

/** A notice the shop has nothing to do with (an event it does not act on): answered, changes nothing. */
export interface IgnoredNotice {
  ignored: string;
}

/** What a verified webhook tells: a payment's outcome, a refund's, or nothing the shop acts on. */
export type GatewayNotice = PaymentOutcome | RefundNotice | IgnoredNotice;

/** What a gateway posted: its form fields, and the raw body (webhooks are signed over the exact bytes). */
export interface GatewayRequest {
  fields: Record<string, string>;
  /** The body as received: set for webhooks, where an HMAC is checked over it. */
  rawBody?: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

/** One setting a provider needs: its rule, and how the merchant gives it (CLI flag, form field, variable). */
export interface SettingDeclaration {
  /** Its key in the provider's stored settings, e.g. upiVpa. */
  key: string;
  /** The back office form's label, e.g. 'UPI id'. */
  label: string;
  /** What the merchant is told it is in `store payments set --help`. */
  help: string;
  /** An example or a hint, shown under the form field. */
  hint?: string;
  /** The form's kind of input (a secret is always a password field). */
  input?: 'text' | 'url';
  /** Never shown again once set: printed as "set (hidden)", read back as whether it is set. */
  secret?: boolean;
  /** The environment variable that gives it for the default store (it wins over the stored value). */
  variable?: string;
  /** Shown when it is not set, e.g. the store's name for the UPI payee. */
  unsetNote?: (store: Store) => string;
  /** The rule one value must keep, checked when it is set and by the environment. */
  rule: z.ZodType<string>;
}

/** The reference staff give when they confirm a payment by hand, and the rule it must keep. */
export interface HandReference {
  /** The kind of reference, served to the back office (e.g. 'utr'). */
  kind: string;
  /** What the back office calls it, e.g. 'UPI UTR (12 digits)'. */
  label: string;
  pattern: RegExp;
  /** Digits only (phones offer their number pad). */
  numeric: boolean;
  /** Why a reference was refused. */
  message: string;
  /** What the back office tells staff when they record it. */
  help: string;
}

/** Payment that waits for the merchant to see the money arrive (UPI: by its UTR; cash on delivery: by a code). */
export interface ByHandConfirmation {
  reference: HandReference;
  /** What the shopper is told about paying, in the order's message. */
  howToPay: string;
  /** What the merchant is told to do next, in the new order's message. */
  nextStep(orderId: string): string;
}

/** How a provider's payments are confirmed: by the gateway's own answer, or by hand. */
export type Confirmation =
  | {
      gateway: true;
      /** A gateway answer that was lost may be recorded by staff by the gateway's own id. */
      lostAnswer?: HandReference;
    }
  | { byHand: ByHandConfirmation };

/**
 * A refund the provider makes through its gateway: the recorded payment, the paise to return, and
 * the refund's own key, the same on every retry (the gateway refunds once per key).
 */
export type Refund = (
  payment: PaymentRow,
  amount: number,
  settings: ProviderSettings,
  idempotencyKey: string,
) => Promise<{ reference: string; status: RefundStatus }>;

/** A gateway refund's story: started when asked, processed (or failed) when the gateway says so. */
export type RefundStatus = 'started' | 'processed' | 'failed';

/** What a hosted page (the sandbox's checkout, PayU's relay) may use. */
export interface HostedPageKit {
  /** The store's settings for this provider, or a 404 when the store does not run it. */
  settingsFor(request: FastifyRequest): ProviderSettings;
}

/** A page a provider serves under /api/v1/payments/{name}/{path}, mounted by the one payments router. */
export interface HostedPage {
  path: string;
  /** The page's description for the API's documentation. */
  description: string;
  handle(request: FastifyRequest, reply: FastifyReply, kit: HostedPageKit): Promise<FastifyReply>;
}

/**
 * A payment gateway in one sealed box (Vendure's PaymentMethodHandler, Medusa's
 * AbstractPaymentProvider): its name, its own settings, how a payment starts, how an answer from
 * the gateway is verified, how payments are confirmed and refunded, and how long its unpaid orders
 * wait. The registry lists them; nothing outside the payments module spells their names.
 */
export interface PaymentProvider {
  readonly name: string;
  /** What the merchant is told it is, in `store payments set --help`. */
  readonly description: string;
  /** Its name in the back office's list of providers. */
  readonly title: string;
  /** What the back office's form tells the merchant about choosing it. */
  readonly note: string;
  /** How the shopper pays with it, as the payment page lists the ways to pay (e.g. 'UPI, cards, net banking'). */
  readonly method: { title: string; description: string };
  /** A test gateway: no real money; its payments are marked TEST wherever the merchant sees them. */
  readonly test: boolean;
  /** Its own settings: each one declared, and the check that they are complete (when set and at start). */
  readonly settings: {
    fields: SettingDeclaration[];
    /** Settings it makes for itself (the sandbox's signing key): stored, never set by the merchant. */
    kept?: string[];
    /** Its first settings, made for each new store (the sandbox's signing key): kept under its own name. */
    initial?: () => ProviderSettings;
    complete: z.ZodType<unknown>;
  };
  fields(store: Store): PaymentField[];
  start(payment: PaymentStart): Promise<PaymentResponse>;
  /** The payer's browser, back from the gateway (POST /api/v1/payments/{name}/callback); throws an HttpError to refuse. */
  verifyCallback?(request: GatewayRequest, settings: ProviderSettings): PaymentOutcome;
  /** The gateway's server-to-server notice (POST /api/v1/payments/{name}/webhook); throws an HttpError to refuse. */
  verifyWebhook?(request: GatewayRequest, settings: ProviderSettings): GatewayNotice;
  /** Whether an answer is still taken after the store switched to another provider (real money may be in flight). */
  readonly answersAfterSwitch?: boolean;
  /** Where the payer's browser posts its forms besides this shop (a hosted checkout's origin), for the CSP. */
  readonly formActions?: string[];
  /** Pages it serves itself (a hosted checkout, a relay to the gateway). */
  readonly pages?: HostedPage[];
  readonly confirmation: Confirmation;
  /** How money goes back: through the gateway, or by the merchant by hand. */
  readonly refund: Refund | 'by-hand';
}

/** Which wait an unpaid order gets: a gateway answers soon; a payment confirmed by hand takes longer. */
export const waitsByHand = (provider: PaymentProvider | undefined): boolean =>
  !provider || 'byHand' in provider.confirmation;
