import { OrderStatus } from '@netkart/contract';
import { describe, expect, it } from 'vitest';
import type { OrderItemRow, OrderRow, StoreRow } from '../../db/schema.js';
import { shopUrl } from './layout.js';
import { orderMessages } from './order-messages.js';

const store = { id: 's1', host: 'netkart.in', store_name: 'NetKart', company_email: 'support@netkart.in' } as StoreRow;
const order = {
  id: 'ABC234DEF5',
  store_id: 's1',
  email: 'asha@example.in',
  status: OrderStatus.Pending,
  total: 14999950,
  full_name: 'Asha <b>Rao</b>',
  address: '12, 4th Cross',
  city: 'Bengaluru',
  state: 'Karnataka',
  postal_code: '560038',
  phone: '+91 98450 12345',
  payment_provider: 'upi',
  courier: null,
  tracking_number: null,
  tracking_url: null,
  cancel_reason: null,
} as OrderRow;
const items = [
  { product_title: 'Hub <script>alert(1)</script>', quantity: 2, unit_price: 7499975, size: 'XL', color: 'Black' },
] as OrderItemRow[];

describe('order messages', () => {
  it('links to the store on its own host, or to localhost on the shop’s port', () => {
    expect(shopUrl(store)).toBe('https://netkart.in');
    expect(shopUrl({ host: 'localhost', public_port: null }, { port: 8044 })).toBe('http://localhost:8044');
  });

  it('a new order: the shopper’s (items with size and colour, total in en-IN, how to pay by UPI) and the merchant’s', () => {
    const [shopper, merchant, ...rest] = orderMessages(store, { kind: 'placed', order, items, charges: [] });
    expect(rest).toEqual([]);
    expect(shopper?.recipient).toBe('asha@example.in');
    expect(shopper?.text).toContain('2 × Hub <script>alert(1)</script> (size XL, colour Black): ₹1,49,999.50');
    expect(shopper?.text).toContain('Total: ₹1,49,999.50');
    expect(shopper?.text).toContain('Pay by UPI');
    expect(shopper?.text).toContain('https://netkart.in/track-order?id=ABC234DEF5');
    expect(shopper?.text).toContain('https://netkart.in/orders');
    // Whatever a shopper or merchant typed is text in the HTML, never markup.
    expect(shopper?.html).not.toContain('<script>');
    expect(shopper?.html).not.toContain('<b>Rao');
    expect(shopper?.html).toContain('Hub &lt;script&gt;');
    expect(merchant?.recipient).toBe('support@netkart.in');
    expect(merchant?.text).toContain('confirm it by its UTR');
    expect(
      orderMessages(store, { kind: 'placed', order, items, charges: [] }, { notifyEmail: 'o@netkart.in' })[1]
        ?.recipient,
    ).toBe('o@netkart.in');
  });

  it('an order paid online tells the merchant to pack it; a paid order needs no payment line', () => {
    const online = { ...order, payment_provider: 'payu' };
    const [shopper, merchant] = orderMessages(store, { kind: 'placed', order: online, items, charges: [] });
    expect(shopper?.text).toContain('Pay online from My Orders → Pay Now');
    expect(merchant?.text).toContain('pack it once it is paid');
  });

  it.each([
    [OrderStatus.Pending, OrderStatus.Processing, 'order.paid', 'We have received your payment of ₹1,49,999.50'],
    [OrderStatus.Processing, OrderStatus.Shipped, 'order.shipped', 'is on its way'],
    [OrderStatus.Shipped, OrderStatus.Delivered, 'order.delivered', 'has been delivered'],
    [OrderStatus.Pending, OrderStatus.Cancelled, 'order.cancelled', 'No payment was taken'],
    [OrderStatus.Processing, OrderStatus.Cancelled, 'order.cancelled', 'refunded to the original payment method'],
  ])('%i → %i: %s to the shopper only', (from, to, kind, says) => {
    const messages = orderMessages(store, {
      kind: 'moved',
      order: { ...order, status: to },
      items,
      charges: [],
      from,
      to,
    });
    expect(messages.map((message) => [message.kind, message.recipient])).toEqual([[kind, 'asha@example.in']]);
    expect(messages[0]?.text).toContain(says);
  });

  it('a paid order: its invoice, or the receipt of a seller without a GSTIN, is on My Orders', () => {
    const paid = {
      kind: 'moved' as const,
      order: { ...order, status: OrderStatus.Processing },
      items,
      charges: [],
      from: OrderStatus.Pending,
      to: OrderStatus.Processing,
    };
    const [registered] = orderMessages({ ...store, gstin: '29AAGCB7383J1Z4' }, paid);
    expect(registered?.text).toContain(
      'Your tax invoice can be downloaded from My Orders.\nMy Orders: https://netkart.in/orders',
    );
    const [unregistered] = orderMessages({ ...store, gstin: null }, paid);
    expect(unregistered?.text).toContain('Your receipt can be downloaded from My Orders.');
  });
});
