import { z } from 'zod';
import { Id } from './common.js';

export const PaymentFieldType = z.enum([
  'text',
  'email',
  'password',
  'number',
  'tel',
  'textarea',
  'select',
  'checkbox',
]);
export type PaymentFieldType = z.infer<typeof PaymentFieldType>;

/** A field the payment form asks for (spec section 3). */
export const PaymentField = z.object({
  name: z.string(),
  label: z.string(),
  placeholder: z.string().optional(),
  description: z.string().optional(),
  type: PaymentFieldType,
  options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
  inline: z.boolean().optional(),
  mask: z.string().optional(),
  rules: z
    .object({
      required: z.boolean().optional(),
      minLength: z.number().int().optional(),
      maxLength: z.number().int().optional(),
      pattern: z.string().optional(),
    })
    .optional(),
  rulesMessages: z.array(z.string()).optional(),
  defaultValue: z.string().optional(),
  showWhenFilled: z.array(z.string()).optional(),
});
export type PaymentField = z.infer<typeof PaymentField>;

/** A store's payment provider, as the server's registry names it; 'none' until the merchant sets one. */
export const NO_PAYMENT_PROVIDER = 'none';

/** What a shopper is told when the store takes no online payment yet (POST /payments answers 409 with it). */
export const PAYMENT_NOT_SET_UP = 'Online payment is not set up yet; the shop will contact you.';

/**
 * Where a gateway's callback sends the payer back: /order-success?orderId=… on success, else
 * /payment?orderId=…&payment=failed|refund&reason=… ('refund': paid, but the order could not take
 * it, e.g. it was cancelled meanwhile; the merchant sees it flagged for refund).
 */
export const PaymentReturn = z.enum(['failed', 'refund']);
export type PaymentReturn = z.infer<typeof PaymentReturn>;

/** A way to pay the store offers, chosen on the payment page before the gateway (data-driven: more plug in). */
export const GatewayMethod = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
});
export type GatewayMethod = z.infer<typeof GatewayMethod>;

export const PaymentFieldsResponse = z.object({
  provider: z.string(),
  fields: z.array(PaymentField),
  /** The ways to pay the store offers, in the order shown (none: the store takes no online payment). */
  methods: z.array(GatewayMethod).optional(),
});
export type PaymentFieldsResponse = z.infer<typeof PaymentFieldsResponse>;

export const PaymentRequest = z.object({
  orderId: Id,
  fields: z
    .record(
      z.string().max(64),
      z
        .union([z.string().max(1000, { error: 'A payment field is too long.' }), z.number(), z.boolean()])
        .transform(String),
      { error: 'fields must map field names to values.' },
    )
    .default({})
    .refine((fields) => Object.keys(fields).length <= 50, { error: 'Too many payment fields.' }),
});
export type PaymentRequest = z.input<typeof PaymentRequest>;

/**
 * What a gateway's webhook is answered once its notice is verified and recorded: the payment's
 * status, a refund's, or 'ignored' for an event the shop does not act on.
 */
export const WebhookAnswer = z.object({
  received: z.literal(true),
  status: z.enum(['success', 'failed', 'pending', 'refund-processed', 'refund-failed', 'ignored']),
});
export type WebhookAnswer = z.infer<typeof WebhookAnswer>;

export const PaymentActionType = z.enum(['redirect_post', 'deeplink', 'qr']);

export const PaymentResponse = z.object({
  success: z.boolean(),
  error: z.string().optional(),
  redirectUrl: z.string().optional(),
  action: z
    .object({
      type: PaymentActionType,
      redirectUrl: z.string().optional(),
      formParams: z.object({ type: z.string(), url: z.string(), data: z.record(z.string(), z.string()) }).optional(),
      qr: z.string().optional(),
      qrBase64: z.string().optional(),
    })
    .optional(),
});
export type PaymentResponse = z.infer<typeof PaymentResponse>;

/**
 * The shopper's own reference of a payment made outside a gateway (a UPI transfer's 12-digit UTR),
 * kept on the order's payment for the merchant to confirm (POST /payments/reference).
 */
export const PaymentReferenceRequest = z.object({
  orderId: Id,
  reference: z.string().trim().max(64, { error: 'The reference is too long.' }),
});
export type PaymentReferenceRequest = z.input<typeof PaymentReferenceRequest>;

export const PaymentReferenceAnswer = z.object({
  recorded: z.literal(true),
  reference: z.string(),
  message: z.string(),
});
export type PaymentReferenceAnswer = z.infer<typeof PaymentReferenceAnswer>;

/** What the shopper is told once their UTR is kept. */
export const REFERENCE_RECORDED = 'Thank you. We will confirm your payment by this reference and update your order.';
