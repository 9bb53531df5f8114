import { CancelOrderRequest, OrderStatus } from '@netkart/contract';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormField, Textarea } from '@/components/ui';
import { contractResolver } from '../../lib/forms';
import { ActionDialog } from './ActionDialog';
import { type DialogProps, movedTo, useActionRunner } from './use-action-runner';

interface CancelValues {
  reason: string;
}

/** A blank reason is no reason: the contract's reason is optional, not empty. */
const cancelSchema = z.object({
  reason: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    CancelOrderRequest.shape.reason,
  ),
});

/** Cancels an order, with the reason the shopper sees; a paid one is refunded by hand. */
export function CancelDialog({ order, onClose, onReload }: DialogProps) {
  const form = useForm<CancelValues, unknown, { reason?: string }>({
    resolver: contractResolver(cancelSchema),
    defaultValues: { reason: '' },
  });
  const { run, problem, pending } = useActionRunner(order, onClose, ['reason'], form.setError);
  const submit = form.handleSubmit((values) =>
    run(
      {
        kind: 'cancel',
        body: { updatedAt: order.updatedAt, ...(values.reason ? { reason: values.reason } : {}) },
      },
      movedTo,
    ),
  );
  const description: ReactNode = (
    <>
      The items go back into stock and the shopper sees the order as Cancelled.
      {order.status === OrderStatus.Processing
        ? ' The order is paid: cancelling does not send the money back, so refund the shopper yourself.'
        : null}
    </>
  );
  return (
    <ActionDialog
      open
      onOpenChange={(open) => open || onClose()}
      title="Cancel order"
      description={description}
      submitLabel="Cancel order"
      submitVariant="destructive"
      pending={pending}
      problem={problem}
      onReload={onReload}
      onSubmit={submit}
    >
      <FormField
        label="Reason"
        htmlFor="cancel-reason"
        error={form.formState.errors.reason?.message}
        description="Optional. The shopper sees it."
      >
        <Textarea id="cancel-reason" maxLength={200} {...form.register('reason')} />
      </FormField>
    </ActionDialog>
  );
}
