import type { ColumnType, Generated, Insertable, Kysely, Selectable, Updateable } from 'kysely';

/** A column added later: null when not given, so the code that inserts rows need not name it. */
type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>;

/**
 * Portable column types: text ids, integer paise, ISO-8601 text timestamps (they sort as text),
 * 0/1 integers for flags, JSON as text.
 */
export interface StoresTable {
  id: string;
  host: string;
  is_default: number;
  store_name: string;
  company_name: string;
  company_address: string;
  company_email: string;
  company_phone: string;
  company_logo_url: string;
  description: string;
  categories_json: string;
  category_images_json: string;
  policies_json: string;
  /** The storefront's own texts (hero heading, highlights, support hours …), as JSON: only those the merchant gave. */
  storefront_json: string;
  payment_provider: string;
  /** Each payment provider's settings under its own name, as JSON: `{ "upi": { "upiVpa": … }, … }`. */
  payment_config_json: string;
  /** Products at or below this stock are low (the back office's home and product list). */
  low_stock_threshold: Generated<number>;
  created_at: string;
  /** The seller's legal name on invoices and disclosures; null: the company name. */
  legal_name: Optional<string>;
  /** The seller's GSTIN; null: not registered for GST (a plain receipt instead of a tax invoice). */
  gstin: Optional<string>;
  /** The start of invoice numbers (PREFIX/YY-YY/NNNNNN); null: from the store's name. */
  invoice_prefix: Optional<string>;
  /** The grievance officer { name, designation, email, phone } as JSON; null: not named yet. */
  grievance_officer_json: Optional<string>;
  /** The merchant's search synonyms, groups of words shoppers use for one another, as JSON; null: none. */
  search_synonyms_json: Optional<string>;
  /** Moved by every catalogue change (and a product's stock reaching or leaving zero), in its transaction. */
  catalog_version: Generated<number>;
  /** Moves with every change of a product's stock: whole catalogue answers are kept per value (see answer-cache). */
  stock_version: Generated<number>;
  /** Other hosts the store answers to (a `www.` form, an old domain), as a JSON array; null: none. */
  extra_hosts_json: Optional<string>;
  /** The port of the store's public address (a shop tried on this machine); null: the scheme's own. */
  public_port: Optional<number>;
  /** How many of one product a single order may hold (the store's setting). */
  max_line_quantity: Generated<number>;
  /** The merchant's shipping rules (zones, weight slabs, free-from threshold) as JSON; null: none, nothing charged. */
  shipping_json: Optional<string>;
  /** The categories the merchant marks as BIS-notified (their products need an R-number), as a JSON array; null: none. */
  bis_categories_json: Optional<string>;
}

export interface UsersTable {
  id: string;
  store_id: string;
  /** null: an account made by signing in with a mobile number, with no email added yet. */
  email: string | null;
  password_hash: string;
  first_name: string;
  last_name: string;
  created_at: string;
  /** The verified mobile number ('+919845012345') that signs in to this account; null when none. */
  phone: string | null;
  phone_verified_at: string | null;
  /** When the email was proved by a link sent to it; null for one given at registration and never proved. */
  email_verified_at: string | null;
  /** The language the shopper reads the shop in: 'en' or 'hi'. */
  language: Generated<'en' | 'hi'>;
}

/** A code sent to a phone: to sign in, or to add the phone to a signed-in account (user_id). */
export interface SignInCodesTable {
  id: string;
  store_id: string;
  phone: string;
  /** 'delete-account': the signed-in account's own phone proves the deletion of a password-less account. */
  purpose: 'sign-in' | 'add-phone' | 'delete-account';
  user_id: string | null;
  code_hash: string;
  tries_left: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface SessionsTable {
  token_hash: string;
  user_id: string;
  store_id: string;
  created_at: string;
  expires_at: string;
  /** Written at most once a minute; null before the session was first used again. */
  last_used_at: string | null;
  /** "Chrome on Android": read from the User-Agent that signed in; '' when it said nothing we know. */
  device: string;
}

export interface ProductsTable {
  id: string;
  store_id: string;
  sku: string;
  title: string;
  description: string;
  category: string;
  /** Lower-cased copies: category filters match case-insensitively through an index. */
  category_key: string;
  parent_category: string | null;
  parent_category_key: string | null;
  gender: string | null;
  gender_key: string | null;
  regular_price: number;
  discounted_price: number | null;
  stock: number;
  hidden: number;
  featured: number;
  img_url: string;
  images_json: string;
  attributes_json: string;
  /** The catalogue's display order: stable pages. */
  position: number;
  created_at: string;
  updated_at: string;
  /** Legal particulars: HSN code (4, 6 or 8 digits), GST rate in percent, MRP in paise (tax inclusive). */
  hsn: Optional<string>;
  gst_rate: Optional<number>;
  mrp: Optional<number>;
  country_of_origin: Optional<string>;
  /** Name and address of the manufacturer, and of the importer for imported goods. */
  manufacturer: Optional<string>;
  importer: Optional<string>;
  /** e.g. '1 N' (one piece). */
  net_quantity: Optional<string>;
  /** The words search finds the product by (see modules/catalog/search/text.ts), indexed by the database. */
  search_title: string;
  search_kind: string;
  search_specs: string;
  /** The price a shopper pays (discounted if any) in paise, and the discount in hundredths of a percent. */
  effective_price: number;
  discount_bp: number;
  /** The code of its readable address, worked out from its id (contract/src/product-address.ts). */
  address_code: string;
  /** The packed weight in grams and size in cm for the courier's slab; null: the store's default. */
  weight_grams: Optional<number>;
  length_cm: Optional<number>;
  breadth_cm: Optional<number>;
  height_cm: Optional<number>;
  /** The BIS registration (Compulsory Registration Scheme) R-number, e.g. 'R-41001234'; null: none. */
  bis_registration: Optional<string>;
  /** The approved reviews' count and the sum of their stars, kept on each approval and rejection (null: none). */
  rating_count: Optional<number>;
  rating_sum: Optional<number>;
  /** The Hindi title and description; null: the English ones are shown on Hindi pages too. */
  title_hi: Optional<string>;
  description_hi: Optional<string>;
  /** The product's options in order, [{ name, values }] (up to three; '[]': none, the product is its one variant). */
  options_json: ColumnType<string, string | undefined, string>;
}

/**
 * One variant of a product with options: its own SKU (unique in the store, products' SKUs too),
 * option values in the product's option order, prices in paise, stock, pictures, and parcel (null:
 * the product's). The product's stock is the sum of its variants' and its prices its cheapest's.
 */
export interface ProductVariantsTable {
  id: string;
  store_id: string;
  product_id: string;
  sku: string;
  option1: string | null;
  option2: string | null;
  option3: string | null;
  regular_price: number;
  discounted_price: number | null;
  mrp: number | null;
  stock: number;
  images_json: string;
  weight_grams: number | null;
  length_cm: number | null;
  breadth_cm: number | null;
  height_cm: number | null;
  position: number;
}

/** A Hindi name of a category or product type, or of a specification's label, by its lower-cased English name. */
export interface HindiNamesTable {
  id: string;
  store_id: string;
  kind: 'category' | 'specification';
  name_key: string;
  title_hi: string;
}

/** One value of one specification of a product, kept by the database from `attributes_json`. */
export interface ProductSpecsTable {
  product_id: string;
  store_id: string;
  name: string;
  name_key: string;
  value: string;
  value_key: string;
  unit: string | null;
}

/** The visible products of one store, category and type: how many, in stock, and in each price band. */
/** The visible products of a store, category and type whose position is in one bucket (see listing-counts-sql.ts). */
export interface ListingPositionCountsTable {
  store_id: string;
  category_key: string;
  parent_category_key: string;
  bucket: number;
  products: number;
}

export interface ListingKindCountsTable {
  store_id: string;
  category_key: string;
  /** '' for products without a type; `typed` tells those apart from a type spelled ''. */
  parent_category_key: string;
  typed: number;
  parent_category: string;
  products: number;
  in_stock: number;
  band0: number;
  band1: number;
  band2: number;
  band3: number;
  band4: number;
  band5: number;
}

/** How many visible products of one store, category and type have one specification value. */
export interface ListingSpecCountsTable {
  store_id: string;
  category_key: string;
  parent_category_key: string;
  name_key: string;
  value_key: string;
  /** '' for none. */
  unit: string;
  name: string;
  value: string;
  products: number;
}

export interface OrdersTable {
  id: string;
  store_id: string;
  user_id: string;
  email: string;
  status: number;
  total: number;
  full_name: string;
  address: string;
  city: string;
  state: string;
  postal_code: string;
  phone: string;
  /** The phone's digits, so a tracking request matches however the number was typed. */
  phone_digits: string;
  shipping_method: string;
  tracking_number: string | null;
  /** The courier that carries a Shipped order, and its tracking page for this parcel. */
  courier: string | null;
  tracking_url: string | null;
  /** Why a Cancelled order was cancelled (the shopper sees it). */
  cancel_reason: string | null;
  /** The store's payment provider when the order was placed: it decides how long the order waits for payment. */
  payment_provider: string | null;
  /** The network address the order was placed from: unpaid orders are capped per address. */
  client_address: string | null;
  /** The delivery promised at placing, India-time days (YYYY-MM-DD); null for orders placed before. */
  delivery_earliest: string | null;
  delivery_latest: string | null;
  created_at: string;
  updated_at: string;
  /** A business buyer's GSTIN and company name, given at checkout for input tax credit. */
  buyer_gstin: Optional<string>;
  buyer_company: Optional<string>;
}

export interface OrderItemsTable {
  id: string;
  order_id: string;
  product_id: string;
  product_title: string;
  quantity: number;
  unit_price: number;
  position: number;
  size: string | null;
  color: string | null;
  /** The product's HSN code and GST rate when it was ordered: the invoice taxes the line at these. */
  hsn: Optional<string>;
  gst_rate: Optional<number>;
  /**
   * Paise: the line's share of the order's coupon discount, kept when it was placed (0: none);
   * null for orders placed before shares were kept (see `itemDiscounts`).
   */
  discount: Optional<number>;
  /** The SKU of the variant sold (null: an order from before variants, or a product without options). */
  variant_sku: Optional<string>;
}

/** A charge of an order beyond its items (shipping, a cash-on-delivery fee), tax inclusive, with its own tax. */
export interface OrderChargesTable {
  id: string;
  order_id: string;
  /** 'shipping', 'cod-fee' … */
  kind: string;
  /** What the shopper reads: 'Shipping'. */
  label: string;
  /** Paise, GST included. */
  amount: number;
  /** The service's accounting code on the invoice (996812 for courier services). */
  sac: string;
  /** The GST rate it is taxed at (the goods' rate); null: the standard rate. */
  gst_rate: number | null;
  position: number;
}

/** A coupon (a code) or an automatic offer (no code); money in paise, times ISO instants. */
export interface CouponsTable {
  id: string;
  store_id: string;
  /** As the merchant typed it; null for an automatic offer. */
  code: string | null;
  /** The code in lower case: unique per store, what a shopper's typing is matched against. */
  code_key: string | null;
  /** 'percent', 'flat' or 'free-shipping'. */
  kind: string;
  percent: number | null;
  /** A flat coupon's discount. */
  amount: number | null;
  /** A percent coupon's cap. */
  max_discount: number | null;
  /** The items' total (GST included) an order needs. */
  min_order: number;
  starts_at: string | null;
  /** Exclusive: the coupon stops working at this instant. */
  ends_at: string | null;
  usage_limit: number | null;
  per_customer_limit: number | null;
  /** The categories (or parent categories) it is limited to; [] for all. */
  categories_json: string;
  /** The products it is limited to; [] for all. */
  product_ids_json: string;
  /** 1: not with cash on delivery. */
  prepaid_only: number;
  /** The uses held by orders not cancelled: moved only by a guarded update in the order's transaction. */
  used_count: number;
  disabled_at: string | null;
  created_at: string;
}

/** One order's use of a coupon; released (not deleted) when the order is cancelled. */
export interface CouponUsesTable {
  id: string;
  store_id: string;
  coupon_id: string;
  order_id: string;
  user_id: string;
  /** Paise taken off the order. */
  discount: number;
  created_at: string;
  released_at: string | null;
}

export interface PaymentsTable {
  id: string;
  order_id: string;
  store_id: string;
  provider: string;
  /** The provider's reference (txnid, UTR …); unique per provider so a replay cannot record twice. */
  reference: string;
  amount: number;
  /** A PayU 'pending' becomes 'success' or 'failed' later under the same reference; a success is final. */
  status: PaymentStatus;
  /** 1 when money was taken but the order could not take it (cancelled, already paid, wrong amount). */
  needs_refund: number;
  detail_json: string;
  created_at: string;
  updated_at: string | null;
}

export type PaymentStatus = 'success' | 'failed' | 'pending';

/** One status move of an order: who made it, when, and why. */
export interface OrderEventsTable {
  id: string;
  order_id: string;
  store_id: string;
  /** null for the order's creation. */
  from_status: number | null;
  to_status: number;
  /** 'shopper', 'system', 'gateway:payu', 'merchant' … */
  actor: string;
  note: string | null;
  created_at: string;
}

export type InvoiceKind = 'invoice' | 'credit-note';

/** A tax invoice or credit note as issued: its figures never change when the catalogue does. */
export interface InvoicesTable {
  id: string;
  store_id: string;
  order_id: string;
  kind: InvoiceKind;
  /** PREFIX/YY-YY/NNNNNN, consecutive within the financial year, per store and kind. */
  number: string;
  /** '26-27': April 2026 to March 2027. */
  financial_year: string;
  sequence: number;
  issued_at: string;
  /** Paise, tax inclusive. */
  total: number;
  /** Everything printed: seller, buyer, lines with HSN, taxable value, rates and taxes, totals. */
  document_json: string;
}

export interface DatabaseSchema {
  stores: StoresTable;
  users: UsersTable;
  sign_in_codes: SignInCodesTable;
  sessions: SessionsTable;
  products: ProductsTable;
  product_specs: ProductSpecsTable;
  hindi_names: HindiNamesTable;
  product_variants: ProductVariantsTable;
  listing_kind_counts: ListingKindCountsTable;
  listing_spec_counts: ListingSpecCountsTable;
  listing_position_counts: ListingPositionCountsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_charges: OrderChargesTable;
  payments: PaymentsTable;
  order_events: OrderEventsTable;
  rate_limits: RateLimitsTable;
  staff: StaffTable;
  staff_sessions: StaffSessionsTable;
  staff_sign_in_links: StaffSignInLinksTable;
  audit_log: AuditLogTable;
  outbox: OutboxTable;
  sequences: SequencesTable;
  password_resets: PasswordResetsTable;
  email_verifications: EmailVerificationsTable;
  tickets: TicketsTable;
  subscribers: SubscribersTable;
  stock_notices: StockNoticesTable;
  invoices: InvoicesTable;
  invoice_signatures: InvoiceSignaturesTable;
  eway_bills: EwayBillsTable;
  pincodes: PincodesTable;
  pincode_directory: PincodeDirectoryTable;
  delivery_rules: DeliveryRulesTable;
  addresses: AddressesTable;
  courier_settings: CourierSettingsTable;
  courier_bookings: CourierBookingsTable;
  courier_events: CourierEventsTable;
  cod_rules: CodRulesTable;
  cod_orders: CodOrdersTable;
  whatsapp_consents: WhatsAppConsentsTable;
  whatsapp_messages: WhatsAppMessagesTable;
  refunds: RefundsTable;
  returns: ReturnsTable;
  reviews: ReviewsTable;
  coupons: CouponsTable;
  coupon_uses: CouponUsesTable;
  review_votes: ReviewVotesTable;
  review_requests: ReviewRequestsTable;
  saved_carts: SavedCartsTable;
  reminder_consents: ReminderConsentsTable;
  return_items: ReturnItemsTable;
  return_rules: ReturnRulesTable;
  return_credit_notes: ReturnCreditNotesTable;
  return_pickups: ReturnPickupsTable;
  return_photos: ReturnPhotosTable;
}

/** A photo a shopper sent with a return: a checked JPEG, PNG or WebP, 1 to 3 by position. */
export interface ReturnPhotosTable {
  id: string;
  store_id: string;
  return_id: string;
  position: number;
  content_type: string;
  data_base64: string;
  created_at: string;
}

/** A return's reverse pickup booked with the store's courier service: creating → created → awb, one per return. */
export interface ReturnPickupsTable {
  id: string;
  store_id: string;
  return_id: string;
  order_id: string;
  provider: string;
  /** 'creating' | 'created' | 'awb'. */
  state: string;
  provider_order_id: string | null;
  shipment_id: string | null;
  awb: string | null;
  courier_name: string | null;
  /** Held by one attempt until then (ISO instant). */
  busy_until: string | null;
  created_at: string;
  updated_at: string;
}

/** A shopper's return or exchange of delivered items: requested → approved | refused → pickup-booked → received. */
export interface ReturnsTable {
  id: string;
  store_id: string;
  order_id: string;
  /** 'return' | 'exchange'. */
  kind: string;
  reason: string;
  /** 'requested' | 'approved' | 'refused' | 'pickup-booked' | 'received'. */
  status: string;
  refusal_reason: string | null;
  /** 'hand' (the merchant's own courier, AWB typed) or 'courier' (booked through the couriers module). */
  pickup: string | null;
  courier: string | null;
  awb: string | null;
  /** Where a cash-on-delivery order's refund goes: the shopper's UPI id. */
  refund_upi: string | null;
  /** The exchange's new order, once made. */
  exchange_order_id: string | null;
  created_at: string;
  approved_at: string | null;
  refused_at: string | null;
  pickup_booked_at: string | null;
  received_at: string | null;
  updated_at: string;
}

/** How many of one order line a return takes back. */
export interface ReturnItemsTable {
  id: string;
  return_id: string;
  order_item_id: string;
  quantity: number;
}

/** A store's return rules; a store without a row has the defaults (7 days, exchanges allowed). */
export interface ReturnRulesTable {
  store_id: string;
  window_days: number;
  /** 1: exchanges allowed. */
  exchanges: number;
  updated_at: string;
}

/** The credit note of a received return, for its lines only (numbered in the credit notes' series). */
export interface ReturnCreditNotesTable {
  id: string;
  store_id: string;
  order_id: string;
  return_id: string;
  number: string;
  financial_year: string;
  sequence: number;
  issued_at: string;
  /** Paise, tax inclusive. */
  total: number;
  document_json: string;
}

/** The signature printed above "Authorised Signatory" on a store's invoices (CGST rule 46(q)). */
export interface InvoiceSignaturesTable {
  store_id: string;
  png_base64: string;
  uploaded_at: string;
}

/** The e-way bill of an order's consignment (rule 138), as the merchant typed it. */
export interface EwayBillsTable {
  order_id: string;
  store_id: string;
  /** 12 digits. */
  number: string;
  /** The India-time day it was generated, YYYY-MM-DD. */
  bill_date: string;
  recorded_at: string;
}

/** A shopper's saved address (at most ten per account, exactly one the default while any remain). */
export interface AddressesTable {
  id: string;
  store_id: string;
  user_id: string;
  full_name: string;
  address: string;
  city: string;
  state: string;
  postal_code: string;
  phone: string;
  is_default: number;
  created_at: string;
  updated_at: string;
}

/** A PIN code of India: its district and the GST code of its state as they are today. */
export interface PincodesTable {
  pincode: string;
  district: string;
  state_code: string;
  /** 'directory': the shop's own file; 'import': a merchant's `store pincodes import`, kept over the file. */
  source: string;
}

/** A store's delivery rules as the merchant set them (contract's DeliveryRules, as JSON). */
export interface DeliveryRulesTable {
  store_id: string;
  rules_json: string;
  updated_at: string;
}

/** One row: the version of the shop's PIN file loaded last. */
export interface PincodeDirectoryTable {
  id: number;
  version: number;
  loaded_at: string;
}

/** A person who runs the shop from the back office: an owner or staff, of one store or of all (store_id null). */
export interface StaffTable {
  id: string;
  email: string;
  name: string;
  role: string;
  store_id: string | null;
  password_hash: string;
  /** The base32 secret of two-factor sign-in, when it is on. */
  totp_secret: string | null;
  created_at: string;
}

/** A signed-in back-office browser; the token is kept only as a hash. */
/** A one-time back-office sign-in link: its token's hash, for one staff member and store, 15 minutes, once. */
export interface StaffSignInLinksTable {
  token_hash: string;
  staff_id: string;
  store_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface StaffSessionsTable {
  token_hash: string;
  staff_id: string;
  csrf_token: string;
  created_at: string;
  /** The session ends ADMIN_IDLE_HOURS after this. */
  last_seen_at: string;
}

/** One change made through the back office or the `store` command: who, what, before → after. */
export interface AuditLogTable {
  id: string;
  store_id: string | null;
  /** 'staff:<email>', 'store command' … */
  actor: string;
  /** 'order.ship', 'product.update', 'staff.add' … */
  action: string;
  /** What was changed: 'order:ABC123', 'product:<sku>', 'staff:<email>'. */
  subject: string;
  before_json: string | null;
  after_json: string | null;
  created_at: string;
}

/** The rate-limit counters (server/src/http/limits/): one fixed window per key; `expire` is epoch ms. */
export interface RateLimitsTable {
  key: string;
  points: number;
  expire: number | null;
}

export type OutboxStatus = 'pending' | 'sent' | 'failed';

/** A message waiting to be sent, written in the transaction of the change that causes it. */
export interface OutboxTable {
  id: string;
  store_id: string;
  /** 'order.placed', 'order.shipped', 'merchant.order.placed' … */
  kind: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  status: OutboxStatus;
  /** Delivery attempts made so far. */
  attempts: number;
  /** ISO instant: not sent before this. */
  next_attempt_at: string;
  /** The sender that is delivering it now, until claimed_until (ISO); a crashed sender's claim runs out. */
  claimed_by: string | null;
  claimed_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** Extra headers as a JSON object (List-Unsubscribe …); null for none. */
  headers_json: string | null;
  /** A WhatsApp message's template call ({ template, language, parameters }); null for others. */
  payload_json: string | null;
}

/** A store's counters (ticket numbers …): each value is handed out once. */
export interface SequencesTable {
  /** `${store_id}:${name}` */
  id: string;
  store_id: string;
  name: string;
  value: number;
}

/** An emailed password-reset link; the token is kept only as a hash. */
export interface PasswordResetsTable {
  token_hash: string;
  store_id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  /** Set when the link was used (or superseded): a link works once. */
  used_at: string | null;
}

/** An emailed link that adds (and proves) an email to an account; the token is kept only as a hash. */
export interface EmailVerificationsTable {
  token_hash: string;
  store_id: string;
  user_id: string;
  /** The email the link proves, as the shopper typed it (lower-cased). */
  email: string;
  created_at: string;
  expires_at: string;
  /** Set when the link was used (or superseded): a link works once. */
  used_at: string | null;
}

export type TicketStatus = 'open' | 'closed';

/** A message sent through the contact form, numbered so the shopper can quote it. */
export interface TicketsTable {
  id: string;
  store_id: string;
  /** The number the shopper quotes, e.g. T-000042. */
  number: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  status: TicketStatus;
  created_at: string;
}

/** A signed-in shopper's cart and wishlist as the server keeps them, and the cart's reminders. */
export interface SavedCartsTable {
  id: string;
  store_id: string;
  user_id: string;
  /** The cart's lines (CartLine[]), as the storefront last sent them. */
  lines_json: string;
  /** The wishlist's product ids (string[]). */
  wishlist_json: string;
  cart_updated_at: string | null;
  wishlist_updated_at: string | null;
  /** When the shopper last reached checkout with this cart; null once ordered or emptied. */
  checkout_at: string | null;
  /** Reminders written since checkout_at: 0, 1 (after an hour) or 2 (after a day). */
  reminders_sent: number;
  /** The secret of the reminder's link that brings the cart back. */
  restore_token: string;
}

/** A shopper's consent to one kind of reminder ('cart-reminders', 'review-requests'), with its words. */
export interface ReminderConsentsTable {
  id: string;
  store_id: string;
  user_id: string;
  purpose: string;
  consent_text: string;
  given_at: string;
  withdrawn_at: string | null;
}

/** One shopper's "helpful" on one review. */
export interface ReviewVotesTable {
  review_id: string;
  user_id: string;
  store_id: string;
  created_at: string;
}

/** The review request of a delivered order: written once. */
export interface ReviewRequestsTable {
  order_id: string;
  store_id: string;
  sent_at: string;
}

/** A newsletter subscriber, with the notice they agreed to (marketing consent). */
/** An address waiting to hear that an out-of-stock product is back; deleted once its email is written. */
export interface StockNoticesTable {
  id: string;
  store_id: string;
  product_id: string;
  /** The variant waited for, by SKU; '' for the product (one without options, or any of its variants). */
  variant_sku: ColumnType<string, string | undefined, string>;
  email: string;
  /** The language its one email is written in: the page's the wish was left from ('en' for wishes from before). */
  language: Generated<'en' | 'hi'>;
  created_at: string;
}

export interface SubscribersTable {
  id: string;
  store_id: string;
  email: string;
  /** The consent notice shown next to the sign-up when the shopper subscribed, word for word. */
  consent_text: string;
  /** The secret of the one-click unsubscribe link. */
  unsubscribe_token: string;
  subscribed_at: string;
  /** Set when the subscriber withdrew; never exported after that. */
  withdrawn_at: string | null;
}

export type Database = Kysely<DatabaseSchema>;
export type StoreRow = Selectable<StoresTable>;
export type UserRow = Selectable<UsersTable>;
export type ProductRow = Selectable<ProductsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type ProductUpdate = Updateable<ProductsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;
export type ProductVariantRow = Selectable<ProductVariantsTable>;
export type ReturnRow = Selectable<ReturnsTable>;
export type ReviewRow = Selectable<ReviewsTable>;
export type CouponRow = Selectable<CouponsTable>;
export type CouponUseRow = Selectable<CouponUsesTable>;
export type SavedCartRow = Selectable<SavedCartsTable>;
export type ReturnItemRow = Selectable<ReturnItemsTable>;
export type ReturnRulesRow = Selectable<ReturnRulesTable>;
export type ReturnCreditNoteRow = Selectable<ReturnCreditNotesTable>;
export type OrderChargeRow = Selectable<OrderChargesTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type OrderEventRow = Selectable<OrderEventsTable>;
export type StaffRow = Selectable<StaffTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
export type { Generated };
export type OutboxRow = Selectable<OutboxTable>;
export type PasswordResetRow = Selectable<PasswordResetsTable>;
export type TicketRow = Selectable<TicketsTable>;
export type SubscriberRow = Selectable<SubscribersTable>;
export type InvoiceRow = Selectable<InvoicesTable>;

/** A store's courier service (Shiprocket …): its settings (secrets included) and the session token it holds. */
export interface CourierSettingsTable {
  store_id: string;
  provider: string;
  settings_json: string;
  token: string | null;
  token_expires_at: string | null;
  updated_at: string;
}

/** One order's booking with a courier service: its state moves forward only, so a retry resumes it. */
export interface CourierBookingsTable {
  id: string;
  store_id: string;
  order_id: string;
  provider: string;
  /** creating → created → awb → pickup → labelled → shipped. */
  state: string;
  provider_order_id: string | null;
  shipment_id: string | null;
  awb: string | null;
  courier_name: string | null;
  /** The label's PDF, relative to the labels folder. */
  label_file: string | null;
  /** While a booking step is under way: another attempt waits until then. */
  busy_until: string | null;
  /** The newest tracking event applied to the order, and its status. */
  last_event_at: string | null;
  last_status: string | null;
  /** Its order was cancelled: 'due' until the courier cancels it ('done') or refuses for good ('failed'). */
  cancel_state: string | null;
  cancel_attempts: Generated<number>;
  /** When the next attempt may start (an attempt under way holds it a while). */
  cancel_next_at: string | null;
  /** The courier's answer, or why it could not be asked. */
  cancel_result: string | null;
  cancelled_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A tracking event the courier sent, once (its key), and whether it moved the order. */
export interface CourierEventsTable {
  id: string;
  store_id: string;
  order_id: string;
  awb: string;
  event_key: string;
  status: string;
  status_code: number | null;
  location: string | null;
  happened_at: string;
  applied: number;
  received_at: string;
}
export type CourierBookingRow = Selectable<CourierBookingsTable>;
export type ReturnPickupRow = Selectable<ReturnPickupsTable>;
export type CourierEventRow = Selectable<CourierEventsTable>;
/** A store's cash-on-delivery rules, one JSON document checked by the payments module when set. */
export interface CodRulesTable {
  store_id: string;
  rules_json: string;
  updated_at: string;
}

/** A cash-on-delivery order: its confirmation code (hashed), and the cash the courier collected. */
export interface CodOrdersTable {
  order_id: string;
  store_id: string;
  /** SHA-256 of the order id and the 6-digit code, hex. */
  code_hash: string;
  expires_at: string;
  tries_left: number;
  sent_at: string;
  confirmed_at: string | null;
  /** Paise. */
  cash_collected: number | null;
  remittance_reference: string | null;
  collected_at: string | null;
}
export type CodOrderRow = Selectable<CodOrdersTable>;

/** A shopper's consent to order updates on WhatsApp: given, and perhaps withdrawn, with how and when. */
export interface WhatsAppConsentsTable {
  id: string;
  store_id: string;
  user_id: string;
  /** E.164, '+919845012345'. */
  phone: string;
  /** The words the shopper agreed to, as they were shown. */
  consent_text: string;
  /** 'checkout' | 'account'. */
  given_via: string;
  given_at: string;
  /** 'account' | 'stop-reply'; null while the consent stands. */
  withdrawn_via: string | null;
  withdrawn_at: string | null;
}
export type WhatsAppConsentRow = Selectable<WhatsAppConsentsTable>;

/** A template message WhatsApp accepted (its wamid), and the last delivery status its webhook reported. */
export interface WhatsAppMessagesTable {
  id: string;
  store_id: string;
  outbox_id: string | null;
  phone: string;
  template: string;
  /** 'accepted' | 'sent' | 'delivered' | 'read' | 'failed'. */
  status: string;
  status_at: string;
  error: string | null;
  sent_at: string;
}
/** How a refund stands: due (the shop owes it), requested (the gateway was asked), refunded, or failed. */
export type RefundState = 'due' | 'requested' | 'refunded' | 'failed';

/** One refund the shop owes a shopper: a cancelled or returned paid order, or a payment an order could not take. */
export interface RefundsTable {
  id: string;
  store_id: string;
  order_id: string;
  /** The payment it returns; null for cash on delivery (the cash went to the courier). */
  payment_id: string | null;
  /** Paise. */
  amount: number;
  /** 'gateway' (asked of the payment's gateway), 'upi', 'bank', 'cash', 'by-hand' (the provider's own way, by the merchant). */
  method: string;
  /** Where the money goes when it is not the gateway: a UPI id, a bank account. */
  destination: string | null;
  reason: string;
  /** 'cancel', 'return', 'rto', 'payment' (a payment the order could not take). */
  source: string;
  return_id: string | null;
  status: RefundState;
  /** The gateway's own id of the refund. */
  gateway_reference: string | null;
  /** The merchant's reference of a refund made by hand (the UTR of the transfer). */
  merchant_reference: string | null;
  /** Times the gateway was asked, and when to ask next (null: not to be asked). */
  attempts: number;
  next_attempt_at: string | null;
  claimed_until: string | null;
  last_error: string | null;
  /** Who recorded it refunded: 'staff:asha@…', 'merchant', 'gateway:razorpay'. */
  recorded_by: string | null;
  created_at: string;
  requested_at: string | null;
  refunded_at: string | null;
  updated_at: string;
}
export type RefundRow = Selectable<RefundsTable>;

/** A shopper's review of a product they received: pending, then approved or rejected by the merchant. */
export interface ReviewsTable {
  id: string;
  store_id: string;
  product_id: string;
  user_id: string;
  /** As shown: the shopper's first name and the initial of their last. */
  author_name: string;
  /** 1 to 5 stars. */
  rating: number;
  title: string;
  text: string;
  status: 'pending' | 'approved' | 'rejected';
  reject_reason: string | null;
  /** The merchant's reply, shown beneath the review; the review itself is never edited. */
  reply: string | null;
  replied_at: string | null;
  helpful_count: ColumnType<number, number | undefined, number>;
  created_at: string;
  moderated_at: string | null;
}
