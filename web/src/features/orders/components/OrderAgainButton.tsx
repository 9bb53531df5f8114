import type { Order } from '@netkart/contract';
import { useState } from 'react';
import { Button } from '@/components/ui';
import { restoredMessage } from '@/features/cart/cart-back';
import { useCartBack } from '@/features/cart/use-cart-back';
import { useT } from '@/lib/i18n';
import { linesOf } from '../order-undo';

/** What "Order again" did, for the page to say beside the order. */
export interface OrderedAgain {
  message: string;
  cartBack: boolean;
}

/** Puts a cancelled or expired order's items in the cart at today's prices, saying what could not be added and why. */
export function OrderAgainButton({ order, onDone }: { order: Order; onDone?: (done: OrderedAgain) => void }) {
  const t = useT();
  const [pending, setPending] = useState(false);
  const cartBack = useCartBack();
  const again = async () => {
    setPending(true);
    const restored = await cartBack(linesOf(order));
    setPending(false);
    if (!restored) return;
    const message = restoredMessage(restored, t);
    onDone?.({ message: t('cartBack.told', message).trim(), cartBack: restored.added.length > 0 });
  };
  return (
    <Button variant="primary" onClick={again} disabled={pending}>
      {pending ? t('orderAgain.adding') : t('orderAgain.label')}
    </Button>
  );
}
