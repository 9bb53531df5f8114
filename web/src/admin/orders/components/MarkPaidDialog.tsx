import { MarkPaidRequest, UTR_MESSAGE, UTR_PATTERN } from '@store/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormField, Input } from '@/components/ui';
import { contractResolver } from '../../lib/forms';
import { ActionDialog } from './ActionDialog';
import { type DialogProps, movedTo, useActionRunner } from './use-action-runner';

interface PaidValues {
  reference: string;
}

/** Records the payment of a Pending order by its reference; the order becomes Processing. */
export function MarkPaidDialog({ order, onClose, onReload }: DialogProps) {
  const utr = order.paymentReference === 'utr';
  const [schema] = useState(() =>
    utr
      ? MarkPaidRequest.pick({ reference: true }).refine((values) => UTR_PATTERN.test(values.reference), {
          error: UTR_MESSAGE,
          path: ['reference'],
        })
      : MarkPaidRequest.pick({ reference: true }),
  );
  const form = useForm<PaidValues, unknown, { reference: string }>({
    resolver: contractResolver(schema),
    defaultValues: { reference: '' },
  });
  const { run, problem, pending } = useActionRunner(order, onClose, ['reference'], form.setError);
  const submit = form.handleSubmit((values) =>
    run({ kind: 'paid', body: { updatedAt: order.updatedAt, reference: values.reference } }, movedTo),
  );
  const label = utr ? 'UPI UTR (12 digits)' : 'PayU payment id';
  return (
    <ActionDialog
      open
      onOpenChange={(open) => open || onClose()}
      title="Mark as paid"
      description={
        utr
          ? 'The money arrived by UPI: enter the UTR from your bank statement. The order becomes Processing.'
          : 'PayU took the payment: enter its payment id. The order becomes Processing.'
      }
      submitLabel="Mark as paid"
      pending={pending}
      problem={problem}
      onReload={onReload}
      onSubmit={submit}
    >
      <FormField label={label} htmlFor="paid-reference" error={form.formState.errors.reference?.message}>
        <Input
          id="paid-reference"
          autoComplete="off"
          inputMode={utr ? 'numeric' : 'text'}
          maxLength={40}
          {...form.register('reference')}
        />
      </FormField>
    </ActionDialog>
  );
}
