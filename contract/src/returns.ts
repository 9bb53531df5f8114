import { z } from 'zod';

/** What a shopper asks for: their money back, or the same product in another size or colour. */
export const ReturnKind = z.enum(['return', 'exchange'], { error: "kind must be 'return' or 'exchange'." });
export type ReturnKind = z.infer<typeof ReturnKind>;

/** A return's life: asked, then approved or refused by the shop, its parcel picked up, then received. */
export const ReturnStatus = z.enum(['requested', 'approved', 'refused', 'pickup-booked', 'received']);
export type ReturnStatus = z.infer<typeof ReturnStatus>;

export const RETURN_STATUS_LABELS: Readonly<Record<ReturnStatus, string>> = {
  requested: 'Return asked',
  approved: 'Approved',
  refused: 'Refused',
  'pickup-booked': 'Pickup booked',
  received: 'Received',
};

/** The store's rules when it set none: 7 days after delivery, exchanges allowed. */
export const DEFAULT_RETURN_WINDOW_DAYS = 7;

/** A UPI id (VPA): name@bank. */
const UpiId = z
  .string({ error: 'refundTo.upi must be a UPI id like name@bank.' })
  .trim()
  .regex(/^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9.-]{1,64}$/, {
    error: 'refundTo.upi must be a UPI id like name@bank.',
  });

/** A return's photos: at most this many, each a JPEG, PNG or WebP of at most RETURN_PHOTO_MAX_BYTES. */
export const RETURN_PHOTOS_MAX = 3;
export const RETURN_PHOTO_MAX_BYTES = 500 * 1024;
export const RETURN_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** POST /orders/{id}/returns: order item id → how many of it go back. */
export const CreateReturnRequest = z.object({
  items: z.record(
    z.string(),
    z
      .number({ error: 'items: each quantity must be a whole number.' })
      .int({ error: 'items: each quantity must be a whole number.' })
      .min(0, { error: 'items: a quantity cannot be negative.' })
      .max(10_000, { error: 'items: a quantity is at most 10000.' }),
    { error: 'items must map each order item id to a quantity, like { "<item id>": 1 }.' },
  ),
  reason: z
    .string({ error: 'reason is required: say why the items go back.' })
    .trim()
    .min(1, { error: 'reason is required: say why the items go back.' })
    .max(500, { error: 'reason is at most 500 characters.' }),
  kind: ReturnKind,
  refundTo: z.object({ upi: UpiId }, { error: 'refundTo is { "upi": "name@bank" }.' }).optional(),
  /** Optional photos of the items, each a JPEG, PNG or WebP file in base64. */
  photos: z
    .array(
      z
        .string({ error: 'photos: each photo is an image file in base64.' })
        .min(1, { error: 'photos: each photo is an image file in base64.' })
        .max(Math.ceil((RETURN_PHOTO_MAX_BYTES * 4) / 3) + 4, {
          error: `photos: each photo is at most ${RETURN_PHOTO_MAX_BYTES / 1024} KB.`,
        }),
      { error: 'photos is a list of image files in base64.' },
    )
    .max(RETURN_PHOTOS_MAX, { error: `photos: at most ${RETURN_PHOTOS_MAX} photos.` })
    .optional(),
});
export type CreateReturnRequest = z.infer<typeof CreateReturnRequest>;

export const ReturnLine = z.object({
  orderItemId: z.string(),
  productId: z.string(),
  productTitle: z.string(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  quantity: z.number().int(),
  /** Rupees, GST included, for one piece. */
  price: z.number(),
});
export type ReturnLine = z.infer<typeof ReturnLine>;

/** A return as its shopper and the shop read it. */
export const Return = z.object({
  id: z.string(),
  orderId: z.string(),
  kind: ReturnKind,
  reason: z.string(),
  status: ReturnStatus,
  statusLabel: z.string(),
  refusalReason: z.string().nullable(),
  pickup: z.enum(['hand', 'courier']).nullable(),
  courier: z.string().nullable(),
  awb: z.string().nullable(),
  refundTo: z.object({ upi: z.string() }).nullable(),
  /** Rupees: what the returned lines came to. */
  amount: z.number(),
  items: z.array(ReturnLine),
  /** The credit note issued on receipt. */
  creditNote: z.object({ number: z.string(), issuedAt: z.string(), total: z.number() }).nullable(),
  exchangeOrderId: z.string().nullable(),
  /** How many photos the shopper sent; staff see them at /admin/returns/{id}/photos/{1..n}. */
  photos: z.number().int().optional(),
  createdAt: z.string(),
  approvedAt: z.string().nullable(),
  refusedAt: z.string().nullable(),
  pickupBookedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
});
export type Return = z.infer<typeof Return>;

/** GET /orders/{id}/returns: the order's returns, and whether (and until when) another may be asked. */
export const OrderReturnsResponse = z.object({
  data: z.array(Return),
  /** The last India-time day a return may be asked (YYYY-MM-DD); null before delivery. */
  lastDay: z.string().nullable(),
  /** Whether a return may be asked today (delivered, within the window, something left to return). */
  open: z.boolean(),
  exchanges: z.boolean(),
});
export type OrderReturnsResponse = z.infer<typeof OrderReturnsResponse>;

/** The store's return rules, as `store returns rules` and the back office's settings set them. */
export const ReturnRules = z.object({
  windowDays: z
    .number({ error: 'windowDays must be a number of days.' })
    .int({ error: 'windowDays must be a whole number of days.' })
    .min(0, { error: 'windowDays cannot be negative (0: no returns).' })
    .max(365, { error: 'windowDays is at most 365.' }),
  exchanges: z.boolean({ error: 'exchanges must be true or false.' }),
});
export type ReturnRules = z.infer<typeof ReturnRules>;

export const RefuseReturnRequest = z.object({
  reason: z
    .string({ error: 'reason is required: say why the return is refused.' })
    .trim()
    .min(1, { error: 'reason is required: say why the return is refused.' })
    .max(500, { error: 'reason is at most 500 characters.' }),
});
export type RefuseReturnRequest = z.infer<typeof RefuseReturnRequest>;

/** The reverse pickup: by hand (the shop's own courier and its AWB), or booked with the store's courier service. */
export const BookReturnPickupRequest = z.object({
  via: z.enum(['hand', 'courier'], { error: "via must be 'hand' or 'courier'." }),
  courier: z.string().trim().max(100, { error: 'courier is at most 100 characters.' }).optional(),
  awb: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{4,40}$/, { error: 'awb must be 4 to 40 letters, digits or dashes.' })
    .optional(),
});
export type BookReturnPickupRequest = z.infer<typeof BookReturnPickupRequest>;

export const AdminReturnListQuery = z.object({
  status: ReturnStatus.optional(),
});
export type AdminReturnListQuery = z.infer<typeof AdminReturnListQuery>;

export const AdminReturnListResponse = z.object({
  data: z.array(Return.extend({ customer: z.string() })),
  counts: z.record(z.string(), z.number()),
});
export type AdminReturnListResponse = z.infer<typeof AdminReturnListResponse>;
