import {
  type Order,
  SHOPPER_CANCEL_REASONS,
  type ShopperCancelReason,
  type ShopperCancelResponse,
} from '@netkart/contract';
import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { X } from '@/components/icons';
import { Button, FormField, Textarea } from '@/components/ui';
import { useCartBack } from '@/features/cart/use-cart-back';
import { useT } from '@/lib/i18n';
import { formatPrice } from '@/lib/money';
import { toast } from '@/lib/toast';
import { cancelOrder, ordersQueryKey } from '../api';
import { isPending } from '../order-status';
import { linesOf } from '../order-undo';

const REASONS = Object.keys(SHOPPER_CANCEL_REASONS) as ShopperCancelReason[];

/** What the page tells the shopper once the order is cancelled (and, for an unpaid one, its items back in the cart). */
export interface Cancelled {
  message: string;
  cartBack: boolean;
}

/**
 * "Cancel order" and its confirmation: an optional reason from the shop's list and a note. An unpaid
 * order's items come back into the cart; a paid one's refund is started by the shop.
 */
export function CancelOrderButton({ order, onCancelled }: { order: Order; onCancelled?: (done: Cancelled) => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ShopperCancelReason | ''>('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const queryClient = useQueryClient();
  const cartBack = useCartBack();
  const unpaid = isPending(order.status);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setProblem(null);
    const result = await cancelOrder(order.id, {
      ...(reason ? { reason } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
    });
    setPending(false);
    if (!result.ok) {
      setProblem(result.error ?? t('cancel.failed'));
      // A 409 means the order moved on meanwhile (shipped, already cancelled): show it as it is now.
      if (result.status === 409) await queryClient.invalidateQueries({ queryKey: ordersQueryKey });
      return;
    }
    const answer: ShopperCancelResponse = result.data;
    setOpen(false);
    queryClient.setQueryData([...ordersQueryKey, order.id], answer.order);
    await queryClient.invalidateQueries({ queryKey: ordersQueryKey });
    toast.success(t('cancel.done'), { description: answer.message });
    // Paid orders are not refilled: their money is on its way back, and the shopper chose to stop.
    const restored = answer.refund === 'none' ? await cartBack(linesOf(order)) : undefined;
    const cartBackDone = (restored?.added.length ?? 0) > 0;
    onCancelled?.({
      message: cartBackDone ? t('cancel.itemsBack', { message: answer.message }) : answer.message,
      cartBack: cartBackDone,
    });
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setProblem(null);
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="outline">{t('cancel.button')}</Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 max-h-[90dvh] overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-full sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl">
          <div className="flex items-start justify-between gap-3">
            <Dialog.Title className="text-lg font-semibold text-slate-900">
              {t('cancel.title', { id: order.id })}
            </Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label={t('cancel.close')} className="-mt-2 -mr-2">
                <X aria-hidden="true" className="h-5 w-5" />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            {unpaid ? t('cancel.unpaid') : t('cancel.paid', { total: formatPrice(order.total) })}
          </Dialog.Description>
          <form onSubmit={submit} noValidate className="mt-4 space-y-4">
            {problem ? (
              <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
                {problem}
              </p>
            ) : null}
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-slate-900">{t('cancel.why')}</legend>
              {REASONS.map((value) => (
                <label key={value} className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
                  <input
                    type="radio"
                    name="cancel-reason"
                    value={value}
                    checked={reason === value}
                    onChange={() => setReason(value)}
                    className="h-4 w-4 accent-brand-600"
                  />
                  {t(`cancel.reason.${value}`)}
                </label>
              ))}
            </fieldset>
            <FormField label={t('cancel.note')} htmlFor={`cancel-note-${order.id}`}>
              <Textarea
                id={`cancel-note-${order.id}`}
                maxLength={300}
                value={note}
                onChange={(event) => setNote(event.target.value)}
              />
            </FormField>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="outline">{t('cancel.keep')}</Button>
              </Dialog.Close>
              <Button type="submit" variant="destructive" disabled={pending}>
                {pending ? t('cancel.cancelling') : t('cancel.button')}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
