import { CodCashRequest } from '@netkart/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormField, Input } from '@/components/ui';
import { formatPrice } from '@/lib/money';
import { contractResolver } from '../../lib/forms';
import { ActionDialog } from './ActionDialog';
import { type DialogProps, movedTo, useActionRunner } from './use-action-runner';

interface CashValues {
  amount: string;
  reference: string;
}

/** The amount as typed, ₹ and Indian commas allowed: a number for the contract's rule, or the text as it was. */
const amountOf = (typed: unknown): unknown => {
  if (typeof typed !== 'string') return typed;
  const plain = typed.replace(/[₹,\s]/g, '');
  return plain === '' || Number.isNaN(Number(plain)) ? typed : Number(plain);
};

/** The contract's rules, and the server's: the cash collected is the order's total. */
const cashSchema = (total: number) =>
  CodCashRequest.pick({ reference: true }).extend({
    amount: z.preprocess(
      amountOf,
      CodCashRequest.shape.amount.refine((value) => value === total, {
        error: `The cash collected is the order's total, ${formatPrice(total)}.`,
      }),
    ),
  });

/** The cash the courier collected for a Shipped COD order, and its remittance reference: the order becomes Delivered. */
export function CodCashDialog({ order, onClose, onReload }: DialogProps) {
  const [schema] = useState(() => cashSchema(order.total));
  const form = useForm<CashValues, unknown, { amount: number; reference: string }>({
    resolver: contractResolver(schema),
    defaultValues: { amount: String(order.total), reference: '' },
  });
  const { run, problem, pending } = useActionRunner(order, onClose, ['amount', 'reference'], form.setError);
  const submit = form.handleSubmit((values) =>
    run(
      {
        kind: 'cod-cash',
        body: { updatedAt: order.updatedAt, amount: values.amount, reference: values.reference },
      },
      movedTo,
    ),
  );
  return (
    <ActionDialog
      open
      onOpenChange={(open) => open || onClose()}
      title="Record cash collected"
      description="The courier collected the cash and paid it over: enter the amount and the reference of its remittance. The order becomes Delivered."
      submitLabel="Record cash collected"
      pending={pending}
      problem={problem}
      onReload={onReload}
      onSubmit={submit}
    >
      <FormField label="Cash collected (₹)" htmlFor="cod-amount" error={form.formState.errors.amount?.message}>
        <Input id="cod-amount" inputMode="decimal" autoComplete="off" {...form.register('amount')} />
      </FormField>
      <FormField
        label="Courier's remittance reference"
        htmlFor="cod-reference"
        error={form.formState.errors.reference?.message}
      >
        <Input id="cod-reference" autoComplete="off" maxLength={40} {...form.register('reference')} />
      </FormField>
    </ActionDialog>
  );
}
