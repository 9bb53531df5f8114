import { z } from 'zod';
import { Id, requiredText } from './common.js';

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

export const ShippingAddressInput = z.object(
  {
    fullName: requiredText('Full name', 120),
    address: requiredText('Address', 300),
    city: requiredText('City', 100),
    state: requiredText('State', 100),
    postalCode: requiredText('PIN code', 12).pipe(
      z.string().regex(/^[1-9][0-9]{5}$/, { error: 'PIN code must be 6 digits.' }),
    ),
    phone: requiredText('Phone', 20).refine(
      (value) => /^\+?[0-9 ()-]{10,20}$/.test(value) && digitsOf(value).length >= 10,
      {
        error: 'Phone number must have at least 10 digits.',
      },
    ),
  },
  { error: 'Shipping address is required.' },
);
export type ShippingAddressInput = z.infer<typeof ShippingAddressInput>;

export const CreateOrderRequest = z.object({
  products: z
    .record(
      Id,
      z
        .number({ error: 'Each quantity must be a number.' })
        .int({ error: 'Each quantity must be a whole number.' })
        .min(1, { error: 'Each quantity must be at least 1.' })
        .max(ORDER_LINE_MAX_QUANTITY, { error: `Each quantity must be at most ${ORDER_LINE_MAX_QUANTITY}.` }),
      { error: 'products must map product ids to quantities.' },
    )
    .refine((products) => Object.keys(products).length > 0, { error: 'Your order has no products.' })
    .refine((products) => Object.keys(products).length <= ORDER_MAX_LINES, {
      error: `An order can hold at most ${ORDER_MAX_LINES} different products.`,
    }),
  shippingAddress: ShippingAddressInput,
});
export type CreateOrderRequest = z.infer<typeof CreateOrderRequest>;

export const OrderItem = z.object({
  id: z.string(),
  productId: z.string(),
  productTitle: z.string(),
  quantity: z.number().int(),
  price: z.number(),
});
export type OrderItem = z.infer<typeof OrderItem>;

/** An order as read (spec section 3), plus total, shippingMethod and trackingNumber. */
export const Order = z.object({
  id: z.string(),
  status: z.number().int(),
  createdAt: z.string(),
  items: z.array(OrderItem),
  shippingAddress: z.object({
    fullName: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
    phone: z.string(),
  }),
  total: z.number(),
  shippingMethod: z.string(),
  trackingNumber: z.string().nullable(),
});
export type Order = z.infer<typeof Order>;

export const OrderListResponse = z.array(Order);

export const TrackOrderQuery = z.object({
  contactInfo: z.string().trim().max(254, { error: 'contactInfo is too long.' }).optional(),
});

export function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}
