import type { Generated, Insertable, Kysely, Selectable, Updateable } from 'kysely';

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
  payment_provider: string;
  payment_config_json: string;
  created_at: string;
}

export interface UsersTable {
  id: string;
  store_id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  created_at: string;
}

export interface SessionsTable {
  token_hash: string;
  user_id: string;
  store_id: string;
  created_at: string;
  expires_at: string;
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
  created_at: string;
  updated_at: string;
}

export interface OrderItemsTable {
  id: string;
  order_id: string;
  product_id: string;
  product_title: string;
  quantity: number;
  unit_price: number;
  position: number;
}

export interface PaymentsTable {
  id: string;
  order_id: string;
  store_id: string;
  provider: string;
  /** The provider's reference (txnid, UTR …); unique per provider so a replay cannot record twice. */
  reference: string;
  amount: number;
  status: 'success' | 'failed';
  detail_json: string;
  created_at: string;
}

export interface DatabaseSchema {
  stores: StoresTable;
  users: UsersTable;
  sessions: SessionsTable;
  products: ProductsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  payments: PaymentsTable;
}

export type Database = Kysely<DatabaseSchema>;
export type StoreRow = Selectable<StoresTable>;
export type UserRow = Selectable<UsersTable>;
export type ProductRow = Selectable<ProductsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type ProductUpdate = Updateable<ProductsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type { Generated };
