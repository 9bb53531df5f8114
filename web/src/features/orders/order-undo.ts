import type { Order } from '@netkart/contract';
import type { LineToRestore } from '@/features/cart/cart-back';
import { isCancelled, isPending, statusLabel } from './order-status';

/** Unpaid, or paid and not yet shipped: the shopper may cancel it themselves. */
export const canCancel = (status: unknown) => isPending(status) || statusLabel(status) === 'Processing';

/** A cancelled order (the shopper's, the shop's, or one left unpaid until it expired) can be ordered again. */
export const canOrderAgain = (status: unknown) => isCancelled(status);

/** An order's lines as the cart takes them back. */
export const linesOf = (order: Pick<Order, 'items'>): LineToRestore[] =>
  order.items.map((item) => ({
    productId: item.productId,
    name: item.productTitle,
    quantity: item.quantity,
    size: item.size,
    color: item.color,
    ...(item.variantSku ? { variantSku: item.variantSku } : {}),
  }));
