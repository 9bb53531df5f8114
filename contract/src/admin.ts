import { z } from 'zod';
import { requiredText } from './common.js';
import { Order } from './orders.js';
import { fieldText, MAX_STOCK, ProductRecord, requiredFieldText } from './product-record.js';
import { AdminRefund } from './refunds.js';
import { StoreInfo } from './store-info.js';

/**
 * The back office's API under /api/v1/admin/: staff sign in with a server-side session in an
 * HttpOnly cookie, and every state-changing call carries the session's CSRF token in the
 * `X-CSRF-Token` header.
 */
export const ADMIN_CSRF_HEADER = 'x-csrf-token';
export const ADMIN_SESSION_COOKIE = 'store_admin';
/** A back-office session ends after this long without a request. */
export const ADMIN_IDLE_HOURS = 12;

/**
 * Who may do what in the back office. An owner does everything; `catalogue` keeps the products
 * (prices, stock, import, pictures); `orders` handles orders, shipping, returns, refunds and
 * tickets but never a price; `read-only` (an accountant) reads orders, reports, invoices and the
 * GST books and changes nothing.
 */
export const STAFF_ROLES = ['owner', 'catalogue', 'orders', 'read-only'] as const;
export const StaffRole = z.enum(STAFF_ROLES, { error: 'A role is owner, catalogue, orders or read-only.' });
export type StaffRole = z.infer<typeof StaffRole>;

/** What a back-office call needs; each route names one (server: admin/permissions.ts). */
export const STAFF_POWERS = [
  /** Sign in, see who is signed in, sign out: every role. */
  'session',
  /** Read orders, their invoices, labels, returns, refunds; the dashboard and the GST books. */
  'orders.read',
  /** Move orders: paid, shipped, delivered, cancelled; couriers, e-way bills, returns, refunds. */
  'orders.change',
  /** Read and close the contact form's tickets, and the emails sent. */
  'tickets',
  /** Read the catalogue (products, their stock, its export). */
  'catalogue.read',
  /** Add and change products, prices and stock; import; pictures. */
  'catalogue.change',
  /** The store's settings, payments, staff, activity log and invoice signature. */
  'settings',
] as const;
export type StaffPower = (typeof STAFF_POWERS)[number];

/** The one table of which role has which power (the server enforces it; the back office hides the rest). */
export const ROLE_POWERS: Record<StaffRole, readonly StaffPower[]> = {
  owner: STAFF_POWERS,
  catalogue: ['session', 'catalogue.read', 'catalogue.change'],
  orders: ['session', 'orders.read', 'orders.change', 'tickets', 'catalogue.read'],
  'read-only': ['session', 'orders.read', 'catalogue.read'],
};

export const roleMay = (role: StaffRole, power: StaffPower): boolean => ROLE_POWERS[role].includes(power);

/** What a role's refusal says of the power it lacks ("Your role (orders) cannot change the catalogue."). */
export const POWER_WORDS: Record<StaffPower, string> = {
  session: 'use the back office',
  'orders.read': 'see orders, reports or invoices',
  'orders.change': 'change orders, shipping, returns or refunds',
  tickets: 'handle tickets or emails',
  'catalogue.read': 'see the catalogue',
  'catalogue.change': 'change the catalogue, prices or stock',
  settings: "change the store's settings or staff",
};

export const StaffSignInRequest = z.object({
  email: z
    .string({ error: 'Email is required.' })
    .trim()
    .toLowerCase()
    .min(1, { error: 'Email is required.' })
    .max(254),
  password: z.string({ error: 'Password is required.' }).min(1, { error: 'Password is required.' }).max(200),
  /** The six digits of the authenticator app, for an account with two-factor sign-in. */
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: 'The code is the 6 digits your authenticator app shows.' })
    .optional(),
});
export type StaffSignInRequest = z.input<typeof StaffSignInRequest>;

/** The signed-in staff member, and the token their state-changing calls must echo. */
export const StaffSession = z.object({
  name: z.string(),
  email: z.string(),
  role: StaffRole,
  twoFactor: z.boolean(),
  csrfToken: z.string(),
  store: z.object({ name: z.string(), host: z.string() }),
});
export type StaffSession = z.infer<typeof StaffSession>;

/** Answered instead of a session when the password was right and the authenticator code is needed. */
export const TWO_FACTOR_REQUIRED = 'Enter the 6-digit code from your authenticator app.';

// Orders

export const ADMIN_ORDERS_PAGE_SIZE = 25;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const AdminOrderListQuery = z.object({
  status: z.coerce.number().int().min(0).max(4, { error: 'status is 0 (Pending) to 4 (Cancelled).' }).optional(),
  /** An order id, an email, a phone number (any spacing), an AWB, or any part of the customer's name (any case). */
  q: z.string().trim().max(254).optional(),
  /** Placed on or after this day, and on or before that one (YYYY-MM-DD, India time). */
  from: z.string().regex(DAY, { error: 'from is a day, YYYY-MM-DD.' }).optional(),
  to: z.string().regex(DAY, { error: 'to is a day, YYYY-MM-DD.' }).optional(),
  page: z.coerce.number().int().min(1, { error: 'page starts at 1.' }).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100, { error: 'limit is at most 100.' }).default(ADMIN_ORDERS_PAGE_SIZE),
});
export type AdminOrderListQuery = z.input<typeof AdminOrderListQuery>;

export const AdminOrderSummary = z.object({
  id: z.string(),
  status: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  email: z.string(),
  fullName: z.string(),
  phone: z.string(),
  city: z.string(),
  total: z.number(),
  itemCount: z.number().int(),
  /** Paid on the sandbox gateway: no real money moved. */
  testPayment: z.boolean(),
  /** Paid by cash on delivery (the list marks it "COD"). */
  cod: z.boolean().optional(),
});
export type AdminOrderSummary = z.infer<typeof AdminOrderSummary>;

export const AdminOrderListResponse = z.object({
  data: z.array(AdminOrderSummary),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /** Orders per status (0 … 4) for the search and dates given, whatever the status tab. */
  counts: z.record(z.string(), z.number().int()),
});
export type AdminOrderListResponse = z.infer<typeof AdminOrderListResponse>;

export const AdminPayment = z.object({
  provider: z.string(),
  reference: z.string(),
  amount: z.number(),
  status: z.enum(['success', 'failed', 'pending']),
  needsRefund: z.boolean(),
  /** Why the money must go back, when it must. */
  refundReason: z.string().nullable(),
  /** A refund made through the gateway (a cancelled paid order): its reference, rupees and status. */
  refund: z
    .object({ reference: z.string(), amount: z.number(), status: z.enum(['started', 'processed', 'failed']) })
    .nullable()
    .optional(),
  /** The reference was given by the shopper (a UTR), for the merchant to check before confirming. */
  givenByShopper: z.boolean().optional(),
  test: z.boolean(),
  createdAt: z.string(),
});
export type AdminPayment = z.infer<typeof AdminPayment>;

export const AdminOrderEvent = z.object({
  fromStatus: z.number().int().nullable(),
  toStatus: z.number().int(),
  /** Who moved it: 'shopper', 'system', 'gateway:payu', 'staff:Asha Rao', 'store command' … */
  actor: z.string(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminOrderEvent = z.infer<typeof AdminOrderEvent>;

export const AdminCodCash = z.object({
  confirmedAt: z.string().nullable(),
  /** Rupees; null until recorded. */
  cashCollected: z.number().nullable(),
  remittanceReference: z.string().nullable(),
  collectedAt: z.string().nullable(),
  /** Who recorded it: 'staff:Asha Rao', 'store command'. */
  collectedBy: z.string().nullable(),
});
export type AdminCodCash = z.infer<typeof AdminCodCash>;

export const AdminOrder = Order.extend({
  email: z.string(),
  updatedAt: z.string(),
  payments: z.array(AdminPayment),
  events: z.array(AdminOrderEvent),
  /** The statuses this order may move to now (the state machine's answer). */
  allowedMoves: z.array(z.number().int()),
  /** The kind of reference staff give to mark it paid, as the store's provider describes it (e.g. 'utr'). */
  paymentReference: z.string(),
  /** That reference as the provider describes it: what to call it, the rule it keeps, what to tell staff. */
  paymentReferenceRule: z.object({
    label: z.string(),
    /** A regular expression (JavaScript source) the reference must match. */
    pattern: z.string(),
    message: z.string(),
    help: z.string(),
    /** Digits only: phones offer their number pad. */
    numeric: z.boolean(),
  }),
  /** The store's courier service that books parcels ("Ship with Shiprocket"); null: shipping by hand only. */
  courierService: z.object({ name: z.string(), title: z.string() }).nullable().optional(),
  /** Whether the courier's label of this order is kept (GET /admin/orders/{id}/label). */
  courierLabel: z.boolean().optional(),
  /** A cancelled order's booking, cancelled at the courier after the order: due (being tried), done, or failed with the courier's words. */
  courierCancellation: z
    .object({
      state: z.enum(['due', 'done', 'failed']),
      attempts: z.number().int(),
      result: z.string().nullable(),
      at: z.string().nullable(),
    })
    .nullable()
    .optional(),
  /** Cash on delivery only: when the shopper confirmed it by code, and the cash the courier collected (who recorded it, when). */
  codCash: AdminCodCash.optional(),
  /** The refunds the order owes or made (a cancelled or returned paid order), oldest first. */
  refunds: z.array(AdminRefund).optional(),
});
export type AdminOrder = z.infer<typeof AdminOrder>;

/** Every order action names the version of the order it was decided on, so a stale page changes nothing. */
const OrderVersion = { updatedAt: z.string({ error: 'updatedAt is required.' }).min(1).max(40) };

/** NPCI's Unique Transaction Reference of a UPI transfer: 12 digits, as the payer's bank shows it. */
export const UTR_PATTERN = /^\d{12}$/;
export const UTR_MESSAGE = "A UTR is the 12 digits of the UPI transfer's reference.";
/** A gateway's own payment id, recorded when its answer was lost. */
const GATEWAY_ID_PATTERN = /^[A-Za-z0-9_-]{4,40}$/;

export const MarkPaidRequest = z.object({
  ...OrderVersion,
  reference: z
    .string({ error: 'The payment reference is required.' })
    .trim()
    .min(1, { error: 'The payment reference is required.' })
    .max(40, { error: 'The payment reference must be at most 40 characters.' })
    .refine((value) => UTR_PATTERN.test(value) || GATEWAY_ID_PATTERN.test(value), {
      error: 'The payment reference is letters and digits, as your bank or gateway shows it.',
    }),
});
export type MarkPaidRequest = z.input<typeof MarkPaidRequest>;

export const COURIER_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} .&-]{1,59}$/u;
export const TRACKING_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]{3,39}$/;
export const SHIPMENT_MESSAGES = {
  courier: "A courier's name is 2 to 60 letters, digits, spaces, '.', '&' or '-'.",
  trackingNumber: 'A tracking number is 4 to 40 letters, digits, spaces or dashes.',
  trackingUrl: 'A tracking page is an https:// address, like https://www.delhivery.com/track/package/1234.',
  missing: 'Give the tracking number or the tracking page, or both.',
} as const;

export function isHttpsAddress(value: string): boolean {
  if (value.length > 500 || /\s/.test(value)) return false;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** How a parcel travels: the courier, and its tracking number or tracking page (or both). */
export const Shipment = z
  .object({
    courier: z.preprocess(
      blankToUndefined,
      z.string().trim().regex(COURIER_PATTERN, { error: SHIPMENT_MESSAGES.courier }).optional(),
    ),
    trackingNumber: z.preprocess(
      blankToUndefined,
      z.string().trim().regex(TRACKING_NUMBER_PATTERN, { error: SHIPMENT_MESSAGES.trackingNumber }).optional(),
    ),
    trackingUrl: z.preprocess(
      blankToUndefined,
      z.string().trim().refine(isHttpsAddress, { error: SHIPMENT_MESSAGES.trackingUrl }).optional(),
    ),
  })
  .refine((shipment) => shipment.trackingNumber || shipment.trackingUrl, {
    error: SHIPMENT_MESSAGES.missing,
    path: ['trackingNumber'],
  });
export type Shipment = z.output<typeof Shipment>;

export const ShipOrderRequest = z.object({ ...OrderVersion, shipment: Shipment });
export type ShipOrderRequest = z.input<typeof ShipOrderRequest>;

/** "Ship with Shiprocket": the order's version, and the courier service staff chose (the store's by default). */
export const CourierBookingRequest = z.object({
  ...OrderVersion,
  provider: z.string().trim().min(1, { error: 'Name the courier service, e.g. shiprocket.' }).max(40).optional(),
});
export type CourierBookingRequest = z.input<typeof CourierBookingRequest>;

export const OrderActionRequest = z.object(OrderVersion);
export type OrderActionRequest = z.input<typeof OrderActionRequest>;

/** The cash a courier collected for a COD order (rupees) and its remittance reference. */
export const CodCashRequest = z.object({
  ...OrderVersion,
  amount: z
    .number({ error: 'amount must be the rupees collected.' })
    .positive({ error: 'amount must be the rupees collected, above ₹0.' })
    .max(10_000_000, { error: 'amount is too large.' }),
  reference: z
    .string({ error: "reference must be the courier's remittance reference." })
    .trim()
    .min(1, { error: "reference must be the courier's remittance reference." })
    .max(40, { error: 'reference must be at most 40 characters.' }),
});
export type CodCashRequest = z.input<typeof CodCashRequest>;

export const CancelOrderRequest = z.object({
  ...OrderVersion,
  reason: requiredText('The reason', 200).optional(),
});
export type CancelOrderRequest = z.input<typeof CancelOrderRequest>;

/** Refused: the order changed since the page was loaded. */
export const STALE_ORDER = 'This order changed since you opened it. Reload to see it as it is now.';

// Products

export const ADMIN_PRODUCTS_PAGE_SIZE = 25;
/** Products at or below this stock are "low", unless the store sets its own threshold. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

export const AdminProductListQuery = z.object({
  /** Words of the title, or the SKU. */
  q: z.string().trim().max(200).optional(),
  category: z.string().trim().max(100).optional(),
  stock: z.enum(['low', 'out'], { error: "stock is 'low' or 'out'." }).optional(),
  hidden: z.enum(['true', 'false'], { error: 'hidden is true or false.' }).optional(),
  page: z.coerce.number().int().min(1, { error: 'page starts at 1.' }).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100, { error: 'limit is at most 100.' }).default(ADMIN_PRODUCTS_PAGE_SIZE),
});
export type AdminProductListQuery = z.input<typeof AdminProductListQuery>;

export const AdminProductSummary = z.object({
  id: z.string(),
  sku: z.string(),
  title: z.string(),
  category: z.string(),
  parentCategory: z.string().nullable(),
  regularPrice: z.number(),
  discountedPrice: z.number().nullable(),
  stock: z.number().int(),
  hidden: z.boolean(),
  imgUrl: z.string(),
  updatedAt: z.string(),
});
export type AdminProductSummary = z.infer<typeof AdminProductSummary>;

export const AdminProductListResponse = z.object({
  data: z.array(AdminProductSummary),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /** Every category the store's products are in, for the filter. */
  categories: z.array(z.string()),
  lowStockThreshold: z.number().int(),
});
export type AdminProductListResponse = z.infer<typeof AdminProductListResponse>;

/** An option of a product as the back office writes it: its name and values, in order. */
export const OptionWrite = z.strictObject({
  name: z
    .string({ error: 'An option name must be text.' })
    .trim()
    .min(1, { error: 'Each option needs a name.' })
    .max(60),
  values: z.array(z.string().trim().min(1).max(60)).max(100).default([]),
});

/**
 * A variant as the back office writes it: its own SKU, its value of each option ({ Colour: 'Olive' }),
 * prices in rupees, stock, pictures and parcel (null: the product's).
 */
export const VariantWrite = z.strictObject({
  sku: z
    .string({ error: 'A variant needs a SKU.' })
    .trim()
    .min(1, { error: 'A variant needs a SKU.' })
    .max(64)
    .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, {
      error: "A variant's SKU may hold only letters, digits, '.', '_', '/' and '-'.",
    }),
  options: z.record(z.string(), z.string().trim().max(60)),
  regularPrice: z.number({ error: "A variant's regularPrice must be a number of rupees." }).positive().max(10_000_000),
  discountedPrice: z.number().positive().max(10_000_000).nullable().default(null),
  mrp: z.number().positive().max(10_000_000).nullable().default(null),
  stock: z
    .number({ error: "A variant's stock must be a whole number." })
    .int({ error: "A variant's stock must be a whole number." })
    .min(0, { error: "A variant's stock cannot be negative." })
    .max(MAX_STOCK),
  images: z
    .array(z.object({ url: z.string().max(500), width: z.number().int(), height: z.number().int() }))
    .max(20)
    .default([]),
  weightGrams: z.number().int().positive().nullable().default(null),
  lengthCm: z.number().int().positive().nullable().default(null),
  breadthCm: z.number().int().positive().nullable().default(null),
  heightCm: z.number().int().positive().nullable().default(null),
  /**
   * The stock the form showed: orders take a variant's stock all day, so a stock left as shown keeps
   * whatever it is now, and a changed one is refused when it moved meanwhile.
   */
  stockSeen: z.number().int().min(0).optional(),
});
export type VariantWrite = z.output<typeof VariantWrite>;

/** A product as the back office edits it: the catalogue record, its options and variants, and the database's id and times. */
export const AdminProduct = ProductRecord.extend({
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  options: z.array(OptionWrite).optional(),
  variants: z.array(VariantWrite).optional(),
});
export type AdminProduct = z.infer<typeof AdminProduct>;

const StockSeen = z.number().int().min(0);

/**
 * Saving the product form. An edit names the version it was made on (`updatedAt`) and the stock
 * it showed (`stockSeen`): orders take stock all day, so an unchanged stock field keeps whatever
 * the stock is now, and a changed one is refused when the stock moved meanwhile.
 */
export const SaveProductRequest = z.object({
  product: ProductRecord,
  updatedAt: z.string().min(1).max(40).optional(),
  stockSeen: StockSeen.optional(),
  /**
   * The product's options and variants, replacing those it had ([] and []: none, the product is
   * its own one variant); left out, they stay as they are. With variants, the product's stock and
   * prices are theirs (the sum, the cheapest).
   */
  options: z.array(OptionWrite).max(3, { error: 'options: a product has at most 3 options.' }).optional(),
  variants: z.array(VariantWrite).max(100, { error: 'variants: a product has at most 100 variants.' }).optional(),
});
export type SaveProductRequest = z.input<typeof SaveProductRequest>;

/** The table's quick stock edit. */
export const SetStockRequest = z.object({
  stock: z
    .number({ error: 'Stock must be a whole number.' })
    .int({ error: 'Stock must be a whole number.' })
    .min(0, { error: 'Stock cannot be negative.' })
    .max(MAX_STOCK, { error: `Stock must be at most ${MAX_STOCK}.` }),
  stockSeen: StockSeen,
});
export type SetStockRequest = z.input<typeof SetStockRequest>;

export const STALE_PRODUCT = 'This product changed since you opened it. Reload to see it as it is now.';
export const stockMoved = (now: number) =>
  `The stock changed since you opened this (an order, or someone else): it is ${now} now. Check it and save again.`;

/** A picture stored under the shop's media folder, as a product's `images` entry takes it. */
export const UploadedPicture = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });
export type UploadedPicture = z.infer<typeof UploadedPicture>;
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
/** Pixels a picture may have (width × height): a small file can unpack to gigabytes. */
export const PICTURE_MAX_PIXELS = 40_000_000;
export const pictureTooLarge = (width: number, height: number) =>
  `The picture is ${width}×${height} pixels; at most ${PICTURE_MAX_PIXELS / 1_000_000} megapixels.`;
export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/avif'] as const;

/** What an import from the back office did, or would do (a dry run), row by row as the command reports it. */
export const CatalogueImportReport = z.object({
  fileName: z.string(),
  rows: z.number().int(),
  /** Rows that cannot be imported (line 0: the whole file); any of them and nothing is written. */
  problems: z.array(z.object({ line: z.number().int(), message: z.string() })),
  /** Things to check that do not stop the import (a new category, a likely typo, a file that was not UTF-8). */
  warnings: z.array(z.object({ line: z.number().int(), message: z.string() })),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** A dry run's list of what would change. */
  changes: z.array(z.object({ sku: z.string(), change: z.enum(['new', 'update']), fields: z.array(z.string()) })),
  written: z.boolean(),
});
export type CatalogueImportReport = z.infer<typeof CatalogueImportReport>;

// The home page

export const AdminFigures = z.object({ orders: z.number().int(), revenue: z.number() });

export const AdminDashboard = z.object({
  /** Paid orders (Processing, Shipped, Delivered) placed today and this month, India time; sandbox payments left out. */
  today: AdminFigures,
  month: AdminFigures,
  /** The last 30 days, oldest first, each day's paid orders and revenue. */
  days: z.array(AdminFigures.extend({ day: z.string() })),
  /** Pending orders: the shop is waiting for the money (a UPI transfer to confirm by its UTR …). */
  awaitingPayment: z.number().int(),
  /** Processing orders: paid, to pack and ship. */
  awaitingShipping: z.number().int(),
  /** Refunds due or failed at the gateway (cancelled or returned paid orders …): the money must go back. */
  needsRefund: z.number().int(),
  lowStock: z.object({ count: z.number().int(), threshold: z.number().int(), products: z.array(AdminProductSummary) }),
  /** Orders paid on the sandbox gateway in the last 30 days: no money, so not in the figures. */
  testOrders: z.number().int(),
});
export type AdminDashboard = z.infer<typeof AdminDashboard>;

export const AdminOrdersExportQuery = z.object({
  from: z.string().regex(DAY, { error: 'from is a day, YYYY-MM-DD.' }),
  to: z.string().regex(DAY, { error: 'to is a day, YYYY-MM-DD.' }),
});

// The activity log

export const AdminActivityQuery = z.object({
  page: z.coerce.number().int().min(1, { error: 'page starts at 1.' }).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100, { error: 'limit is at most 100.' }).default(50),
});

export const AdminActivityEntry = z.object({
  actor: z.string(),
  action: z.string(),
  subject: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type AdminActivityEntry = z.infer<typeof AdminActivityEntry>;

export const AdminActivityResponse = z.object({
  data: z.array(AdminActivityEntry),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AdminActivityResponse = z.infer<typeof AdminActivityResponse>;

// The store's emails (the outbox)

export const ADMIN_EMAIL_FILTERS = ['all', 'waiting', 'failed', 'sent'] as const;
export type AdminEmailFilter = (typeof ADMIN_EMAIL_FILTERS)[number];

export const AdminEmailsQuery = z.object({
  status: z.enum(ADMIN_EMAIL_FILTERS, { error: 'status is all, waiting, failed or sent.' }).default('all'),
  page: z.coerce.number().int().min(1, { error: 'page starts at 1.' }).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100, { error: 'limit is at most 100.' }).default(50),
});

export const AdminEmail = z.object({
  id: z.string(),
  /** 'order.placed', 'merchant.order.placed', 'account.password-reset' … ; 'sms.cod-code' for a text message. */
  kind: z.string(),
  /** An email, or a text message (SMS) to the recipient's phone. */
  channel: z.enum(['email', 'sms']).optional(),
  recipient: z.string(),
  subject: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** When a waiting email is tried next. */
  nextAttemptAt: z.string(),
});
export type AdminEmail = z.infer<typeof AdminEmail>;

export const AdminEmailsResponse = z.object({
  data: z.array(AdminEmail),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /** Emails not yet delivered, whatever the filter: the back office warns of them. */
  waiting: z.number().int(),
  failed: z.number().int(),
});
export type AdminEmailsResponse = z.infer<typeof AdminEmailsResponse>;

// Store settings (owners only)

/** The store's details as the settings page edits them (GET /storeInfo's fields), and its low-stock line. */
export const AdminStoreDetails = StoreInfo.omit({ paymentMode: true }).extend({
  lowStockThreshold: z.number().int(),
  /** The host shoppers reach the store on (with a port only for a shop tried on one machine): every link names it. */
  host: z.string(),
  /** Other hosts the store answers to (a `www.` form, an old domain). */
  extraHosts: z.array(z.string()),
  /** Where the store's links point: https://<host>, or http:// on localhost, an IP or host:port. */
  publicOrigin: z.string(),
});
export type AdminStoreDetails = z.infer<typeof AdminStoreDetails>;

/** Only the fields to change; policies are HTML, cleaned on the server exactly as `store info set` cleans them. */
export const SaveStoreDetailsRequest = z
  .object({
    lowStockThreshold: z
      .number({ error: 'The low-stock line must be a whole number.' })
      .int({ error: 'The low-stock line must be a whole number.' })
      .min(0, { error: 'The low-stock line cannot be negative.' })
      .max(10_000, { error: 'The low-stock line must be at most 10000.' }),
    host: z.string({ error: 'The host must be text, e.g. shop.example.in.' }),
    extraHosts: z.array(z.string({ error: 'Each extra host must be text.' }), {
      error: 'The extra hosts must be a list of host names.',
    }),
  })
  .partial()
  .catchall(z.unknown());
export type SaveStoreDetailsRequest = z.input<typeof SaveStoreDetailsRequest>;

export const SavedStoreDetails = z.object({
  details: AdminStoreDetails,
  /** Policies that lost something unsafe (scripts, event handlers …) on the way in. */
  sanitised: z.array(z.string()),
});
export type SavedStoreDetails = z.infer<typeof SavedStoreDetails>;

export const PolicyPreviewRequest = z.object({
  html: z.string().max(512 * 1024, { error: 'A policy is at most 512 KB.' }),
});
export const PolicyPreview = z.object({ html: z.string(), changed: z.boolean() });
export type PolicyPreview = z.infer<typeof PolicyPreview>;

/** One setting a provider needs, as the back office's form shows it. */
export const PaymentSettingDescription = z.object({
  key: z.string(),
  label: z.string(),
  hint: z.string().optional(),
  /** Never sent back: the form leaves it blank, and a blank keeps the saved one. */
  secret: z.boolean(),
  input: z.enum(['text', 'url']),
});
export type PaymentSettingDescription = z.infer<typeof PaymentSettingDescription>;

/** A provider the store may run, described by the server's registry (the form is built from these). */
export const PaymentProviderDescription = z.object({
  name: z.string(),
  /** Its name in the list, e.g. 'PayU'. */
  title: z.string(),
  /** What choosing it means for the merchant. */
  note: z.string(),
  test: z.boolean(),
  settings: z.array(PaymentSettingDescription),
});
export type PaymentProviderDescription = z.infer<typeof PaymentProviderDescription>;

/**
 * The store's provider and the settings a merchant may read back, each by its key: a value (null
 * when not set), and for a secret only whether it is set (`{key}Set`): secrets never leave the server.
 */
const PaymentSettingsView = z.object({
  provider: z.string(),
  mode: z.enum(['test', 'live', 'none']),
  providers: z.array(PaymentProviderDescription),
  /** Settings the server's environment gives the default store: they win over what is saved here. */
  fromEnvironment: z.array(z.string()),
});
/** The declared members, and each setting by its key (a value, null, or a secret's `{key}Set`). */
export type AdminPaymentSettings = z.infer<typeof PaymentSettingsView> & { [setting: string]: unknown };
// TypeScript cannot say "these members, and any other key is a setting": the schema says it, the type above reads it.
export const AdminPaymentSettings = PaymentSettingsView.catchall(
  z.union([z.string(), z.boolean(), z.null()]),
) as unknown as z.ZodType<AdminPaymentSettings>;

/** A blank or left-out setting keeps its value (a secret is never sent back, so it is left blank to keep it). */
export const SavePaymentSettingsRequest = z
  .object({
    provider: z.string({ error: 'Choose a payment provider.' }).min(1, { error: 'Choose a payment provider.' }),
  })
  .catchall(z.string());
export type SavePaymentSettingsRequest = z.input<typeof SavePaymentSettingsRequest>;

export const AdminStaffMember = z.object({
  email: z.string(),
  name: z.string(),
  role: StaffRole,
  allStores: z.boolean(),
  twoFactor: z.boolean(),
  createdAt: z.string(),
});
export type AdminStaffMember = z.infer<typeof AdminStaffMember>;

export const AddStaffRequest = z.object({
  email: z.email({ error: 'Enter an email address.' }).trim().toLowerCase().max(254),
  name: requiredText('Name', 100),
  role: StaffRole,
  password: z.string().min(10, { error: 'A staff password has at least 10 characters.' }).max(200),
  allStores: z.boolean().default(false),
});
export type AddStaffRequest = z.input<typeof AddStaffRequest>;

/**
 * The `field` of a back-office sign-in's 429 when strangers have used up the email's limit: the
 * sign-in page then offers "Email me a sign-in link" (or the authenticator code, which still works).
 */
export const SIGN_IN_LINK_OFFERED = 'signInLink';
/** POST /admin/session/link: email a one-time sign-in link (answered alike for every email). */
export const StaffSignInLinkRequest = StaffSignInRequest.pick({ email: true });
export type StaffSignInLinkRequest = z.input<typeof StaffSignInLinkRequest>;
/** POST /admin/session/link/use: the token of an emailed link, for a session. */
export const StaffSignInLinkUse = z.object({
  token: z.string({ error: 'The sign-in link is incomplete.' }).min(1).max(200),
});
export type StaffSignInLinkUse = z.input<typeof StaffSignInLinkUse>;

/** One setting of a courier service as the back office shows it: a secret's value never leaves the server. */
export const AdminCourierField = z.object({
  key: z.string(),
  /** `store couriers set`'s flag for it: pickup-location. */
  flag: z.string(),
  help: z.string(),
  secret: z.boolean(),
  /** The value kept (null for a secret, or when not set). */
  value: z.string().nullable(),
  /** Whether a value is kept (a secret is only said to be set). */
  set: z.boolean(),
  /** Taken when none is given. */
  fallback: z.string().nullable(),
});
export type AdminCourierField = z.infer<typeof AdminCourierField>;

/** GET/PUT/DELETE /admin/settings/couriers: the store's courier service (null: shipping by hand), its settings, and where its tracking webhook goes. */
export const AdminCourierSettings = z.object({
  provider: z.string().nullable(),
  providers: z.array(z.object({ name: z.string(), title: z.string(), fields: z.array(AdminCourierField) })),
  /** The address to give the courier for its tracking webhook. */
  webhookUrl: z.string(),
});
export type AdminCourierSettings = z.infer<typeof AdminCourierSettings>;

/** PUT /admin/settings/couriers: the service and the settings to change (one left out, or empty, keeps its value). */
export const AdminCourierSettingsRequest = z.object({
  provider: z
    .string({ error: 'provider is required, e.g. shiprocket.' })
    .trim()
    .min(1, { error: 'provider is required, e.g. shiprocket.' })
    .max(40),
  settings: z.record(z.string().max(60), z.string().max(300)).default({}),
});
export type AdminCourierSettingsRequest = z.input<typeof AdminCourierSettingsRequest>;

/** A Hindi name of a category or product type, or of a specification's label, by its English name (any case). */
export const CategoryNameHi = z.strictObject({
  name: requiredFieldText('name', 100),
  /** Empty or null removes the Hindi name: the English one is shown. */
  titleHi: fieldText('titleHi', 100)
    .nullish()
    .transform((value) => value || null),
});

/** PUT /admin/category-names and /admin/specification-names: the Hindi names to set; names left out keep theirs. */
export const SetCategoryNamesRequest = z.strictObject({
  names: z
    .array(CategoryNameHi, { error: 'names must be a list.' })
    .max(500, { error: 'At most 500 names can be set at once.' }),
});

/** The Hindi names the merchant gave, by lower-cased English name. */
export const CategoryNamesResponse = z.object({
  names: z.array(z.object({ name: z.string(), titleHi: z.string() })),
});
export type CategoryNamesResponse = z.infer<typeof CategoryNamesResponse>;
