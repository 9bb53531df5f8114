import { z } from 'zod';
import { PaymentMethod } from './cod.js';
import { Id, requiredText } from './common.js';
import { DeliveryEstimate } from './delivery.js';
import { checkGstin, stateByName } from './gst.js';
import { IndianMobile } from './phones.js';
import { OrderCharge } from './shipping.js';

export const ORDER_LINE_MAX_QUANTITY = 99;
export const ORDER_MAX_LINES = 50;

/** Spec section 3: 0 Pending, 1 Processing (paid), 2 Shipped, 3 Delivered, 4 Cancelled. */
export const OrderStatus = {
  Pending: 0,
  Processing: 1,
  Shipped: 2,
  Delivered: 3,
  Cancelled: 4,
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

/** What each status is called wherever it is shown: the shop, the back office, emails, the store command. */
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  [OrderStatus.Pending]: 'Pending',
  [OrderStatus.Processing]: 'Processing',
  [OrderStatus.Shipped]: 'Shipped',
  [OrderStatus.Delivered]: 'Delivered',
  [OrderStatus.Cancelled]: 'Cancelled',
};

export const ShippingAddressInput = z.object(
  {
    fullName: requiredText('Full name', 120),
    address: requiredText('Address', 300),
    city: requiredText('City', 100),
    // The place of supply of the invoice: a state or union territory, written as the list writes it.
    state: requiredText('State', 100).transform((value, context) => {
      const state = stateByName(value);
      if (!state) {
        context.issues.push({
          code: 'custom',
          input: value,
          message: 'State must be a state or union territory of India.',
        });
        return z.NEVER;
      }
      return state.name as string;
    }),
    postalCode: requiredText('PIN code', 12).pipe(
      z.string().regex(/^[1-9][0-9]{5}$/, { error: 'PIN code must be 6 digits.' }),
    ),
    phone: IndianMobile('Phone'),
  },
  { error: 'Shipping address is required.' },
);
export type ShippingAddressInput = z.infer<typeof ShippingAddressInput>;

const Quantity = z
  .number({ error: 'Each quantity must be a number.' })
  .int({ error: 'Each quantity must be a whole number.' })
  .min(1, { error: 'Each quantity must be at least 1.' })
  .max(ORDER_LINE_MAX_QUANTITY, { error: `Each quantity must be at most ${ORDER_LINE_MAX_QUANTITY}.` });

/** A size or colour as the product page offers it; blank means none chosen. */
const OptionChoice = (label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(60, { error: `${label} must be at most 60 characters.` })
    .nullish()
    .transform((value) => value || undefined);

/** One line of an order: a product, how many, and the size and colour chosen on its page. */
export const OrderLineInput = z.object({
  productId: Id,
  quantity: Quantity,
  size: OptionChoice('size'),
  color: OptionChoice('color'),
  /** The SKU of the variant chosen on the product's page; left out, the size and colour choose it. */
  variantSku: OptionChoice('variantSku').optional(),
});
export type OrderLineInput = z.input<typeof OrderLineInput>;
export type OrderLine = z.output<typeof OrderLineInput>;

/**
 * The spec's `{ products: { id: quantity } }`, or `lines` with each line's size and colour (our
 * departure: the merchant must know what to pack). Either way the server reads `lines`.
 */
export const CreateOrderRequest = z
  .object({
    products: z
      .record(Id, Quantity, { error: 'products must map product ids to quantities.' })
      .refine((products) => Object.keys(products).length <= ORDER_MAX_LINES, {
        error: `An order can hold at most ${ORDER_MAX_LINES} different products.`,
      })
      .optional(),
    lines: z
      .array(OrderLineInput, { error: 'lines must be a list of { productId, quantity, size, color }.' })
      .max(ORDER_MAX_LINES, { error: `An order can hold at most ${ORDER_MAX_LINES} lines.` })
      .optional(),
    shippingAddress: ShippingAddressInput,
    /** A business buyer's GSTIN, for input tax credit on the invoice; blank: none. */
    buyerGstin: z
      .string({ error: 'GSTIN must be text.' })
      .trim()
      .max(20, { error: 'GSTIN has 15 characters, like 29AAGCB7383J1Z4.' })
      .nullish()
      .transform((value, context) => {
        if (!value) return undefined;
        const checked = checkGstin(value);
        if (checked.valid) return checked.gstin;
        context.issues.push({ code: 'custom', input: value, message: checked.error });
        return z.NEVER;
      }),
    /** The buyer's company name, printed on the invoice with the GSTIN. */
    buyerCompany: z
      .string({ error: 'Company name must be text.' })
      .trim()
      .max(150, { error: 'Company name must be at most 150 characters.' })
      .nullish()
      .transform((value) => value || undefined),
    /** A signed-in shopper's wish to keep this address in their account (not past the limit of ten). */
    saveAddress: z.boolean({ error: 'saveAddress must be true or false.' }).optional(),
    /** How the shopper will pay: online (the store's provider, the default) or cash on delivery. */
    paymentMethod: PaymentMethod.optional(),
    /** The shopper ticked WHATSAPP_CONSENT_TEXT: updates on this order and later ones to the address's mobile. */
    whatsappUpdates: z.boolean({ error: 'whatsappUpdates must be true or false.' }).optional(),
    /** The language of the page the order is placed from: kept on the account, for the order's emails and the next. */
    language: z.enum(['en', 'hi'], { error: 'language must be one of en, hi.' }).optional(),
    /** A coupon the shopper typed; blank: none. */
    couponCode: z
      .string({ error: 'couponCode must be text.' })
      .trim()
      .max(30, { error: 'couponCode is at most 30 characters.' })
      .nullish()
      .transform((value) => value || undefined),
  })
  .check((context) => {
    const { products, lines } = context.value;
    if (products && lines) {
      context.issues.push({
        code: 'custom',
        input: context.value,
        message: 'Send either products or lines, not both.',
      });
    } else if (Object.keys(products ?? {}).length === 0 && (lines ?? []).length === 0) {
      context.issues.push({ code: 'custom', input: context.value, message: 'Your order has no products.' });
    }
  })
  .transform(
    ({
      products,
      lines,
      shippingAddress,
      buyerGstin,
      buyerCompany,
      saveAddress,
      paymentMethod,
      whatsappUpdates,
      couponCode,
      language,
    }) => ({
      lines:
        lines ??
        Object.entries(products ?? {}).map(
          ([productId, quantity]): OrderLine => ({
            productId,
            quantity,
            size: undefined,
            color: undefined,
          }),
        ),
      shippingAddress,
      ...(buyerGstin ? { buyerGstin } : {}),
      ...(buyerCompany ? { buyerCompany } : {}),
      ...(saveAddress ? { saveAddress } : {}),
      // Online is the default: only cash on delivery is carried.
      ...(paymentMethod === 'cod' ? { paymentMethod } : {}),
      ...(whatsappUpdates ? { whatsappUpdates } : {}),
      ...(couponCode ? { couponCode } : {}),
      ...(language ? { language } : {}),
    }),
  );
/** What a caller sends. */
export type CreateOrderRequest = z.input<typeof CreateOrderRequest>;
/** What the server works with: always lines. */
export type CreateOrderInput = z.output<typeof CreateOrderRequest>;

export const OrderItem = z.object({
  id: z.string(),
  productId: z.string(),
  productTitle: z.string(),
  quantity: z.number().int(),
  price: z.number(),
  /** The size and colour the shopper chose, when the product offers them. */
  size: z.string().nullable(),
  color: z.string().nullable(),
  /** The variant sold (a product with options); left out for other products and older orders. */
  variantSku: z.string().optional(),
});
export type OrderItem = z.infer<typeof OrderItem>;

/** An invoice, receipt or credit note issued for an order. */
export const OrderDocument = z.object({
  type: z.enum(['tax-invoice', 'receipt', 'credit-note']),
  number: z.string(),
  issuedAt: z.string(),
});
export type OrderDocument = z.infer<typeof OrderDocument>;

/** An order's shipping address as read; a saved address has the same fields. */
export const ShippingAddress = z.object({
  fullName: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  phone: z.string(),
});

/**
 * One line of an order's timeline: what happened (placed, paid, shipped, out for delivery, delivered,
 * cancelled, returned to origin, refunded …) and when (an ISO instant, shown in India time). Each
 * module that knows a part of an order's story gives its own lines; they are merged oldest first.
 */
export const OrderTimelineEntry = z.object({
  /** When it happened (ISO instant). */
  at: z.string(),
  /** What kind of step: 'placed', 'paid', 'cod-confirmed', 'shipped', 'out-for-delivery', 'delivered', 'cancelled', 'rto', 'refund' … */
  kind: z.string(),
  /** What the shopper reads: 'Shipped', 'Out for delivery'. */
  label: z.string(),
  /** More words: the courier and AWB, the hub, the reason. */
  detail: z.string().optional(),
  /** A page to follow (the courier's tracking page), https. */
  link: z.string().optional(),
});
export type OrderTimelineEntry = z.infer<typeof OrderTimelineEntry>;

/** An order as read (spec section 3), plus total, shippingMethod and trackingNumber. */
export const Order = z.object({
  id: z.string(),
  status: z.number().int(),
  createdAt: z.string(),
  items: z.array(OrderItem),
  shippingAddress: ShippingAddress,
  total: z.number(),
  shippingMethod: z.string(),
  trackingNumber: z.string().nullable(),
  /** The courier of a Shipped order, and the courier's tracking page for it (https), when the shop gave them. */
  courier: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  /** Why a Cancelled order was cancelled, e.g. ORDER_EXPIRED_REASON; null otherwise. */
  cancelReason: z.string().nullable(),
  /** The order's invoice (a receipt from a seller without a GSTIN) once paid, and its credit note if then cancelled. */
  documents: z.array(OrderDocument),
  /** The delivery promised when the order was placed (India-time days); null for an order placed before there was one. */
  deliveryEstimate: DeliveryEstimate.nullable(),
  /** What the order charges beyond its items (shipping, a cash-on-delivery fee), each in the total. */
  charges: z.array(OrderCharge),
  /** Only in the answer to placing an order that asked to save its address: whether it was, and what to tell. */
  addressSave: z.object({ saved: z.boolean(), message: z.string() }).optional(),
  /** Cash on delivery only: whether it waits for the shopper's code, and the phone the code went to (+91 98…45). */
  cod: z.object({ awaitingConfirmation: z.boolean(), phone: z.string() }).optional(),
  /** Only on one order's read (GET /orders/{id}, the back office's order): its timeline, oldest first. */
  timeline: z.array(OrderTimelineEntry).optional(),
});
export type Order = z.infer<typeof Order>;

/** The reason given when an unpaid order is cancelled automatically and its stock returned. */
export const ORDER_EXPIRED_REASON = 'Payment not received';

/** The reason a Shipped order is cancelled when the courier brought the parcel back (RTO): its stock returns. */
export const RETURNED_TO_ORIGIN_REASON = 'Returned to origin';

export const OrderListResponse = z.array(Order);

export const TrackOrderQuery = z.object({
  contactInfo: z.string().trim().max(254, { error: 'contactInfo is too long.' }).optional(),
});

/** Why a shopper cancels their own order: a short list to choose from (the free text says more). */
export const SHOPPER_CANCEL_REASONS = {
  'changed-mind': 'I changed my mind',
  'ordered-by-mistake': 'I ordered by mistake',
  'found-cheaper': 'I found it cheaper elsewhere',
  'delivery-too-slow': 'Delivery takes too long',
  'payment-trouble': 'I could not pay',
  other: 'Another reason',
} as const;
export type ShopperCancelReason = keyof typeof SHOPPER_CANCEL_REASONS;
const SHOPPER_CANCEL_REASON_KEYS = Object.keys(SHOPPER_CANCEL_REASONS) as [
  ShopperCancelReason,
  ...ShopperCancelReason[],
];

/** A shopper's own cancellation: both parts optional, the body itself too. */
export const ShopperCancelRequest = z
  .object({
    reason: z
      .enum(SHOPPER_CANCEL_REASON_KEYS, {
        error: `reason must be one of: ${SHOPPER_CANCEL_REASON_KEYS.join(', ')}.`,
      })
      .optional(),
    note: z
      .string({ error: 'note must be text.' })
      .trim()
      .max(300, { error: 'note must be at most 300 characters.' })
      .optional()
      .transform((value) => value || undefined),
  })
  .nullish()
  .transform((value): { reason?: ShopperCancelReason | undefined; note?: string | undefined } => value ?? {});
export type ShopperCancelRequest = z.input<typeof ShopperCancelRequest>;

/** The answer to a shopper's cancellation: the order as it is now, whether a refund was started, and what to tell. */
export const ShopperCancelResponse = z.object({
  order: Order,
  /** 'started': the order was paid, and its refund goes through the payments (the shop's gateway or by hand). */
  refund: z.enum(['none', 'started']),
  message: z.string(),
});
export type ShopperCancelResponse = z.infer<typeof ShopperCancelResponse>;

export const SHOPPER_CANCELLED_PREFIX = 'Cancelled by the shopper';

/** The cancelled reason a shopper's own cancellation records (and the shop, its emails and the back office show). */
export const shopperCancelReasonText = (reason?: ShopperCancelReason, note?: string): string => {
  const chosen = reason ? SHOPPER_CANCEL_REASONS[reason] : undefined;
  const said = [chosen, note].filter(Boolean).join(' — ');
  return said ? `${SHOPPER_CANCELLED_PREFIX}: ${said}` : SHOPPER_CANCELLED_PREFIX;
};
