import { MarkPaidRequest } from '@netkart/contract';
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
  // The reference as the store's payment provider describes it (a UTR, a gateway's payment id …).
  const rule = order.paymentReferenceRule;
  const [schema] = useState(() =>
    MarkPaidRequest.pick({ reference: true }).refine((values) => new RegExp(rule.pattern).test(values.reference), {
      error: rule.message,
      path: ['reference'],
    }),
  );
  const form = useForm<PaidValues, unknown, { reference: string }>({
    resolver: contractResolver(schema),
    defaultValues: { reference: '' },
  });
  const { run, problem, pending } = useActionRunner(order, onClose, ['reference'], form.setError);
  const submit = form.handleSubmit((values) =>
    run({ kind: 'paid', body: { updatedAt: order.updatedAt, reference: values.reference } }, movedTo),
  );
  const label = rule.label;
  return (
    <ActionDialog
      open
      onOpenChange={(open) => open || onClose()}
      title="Mark as paid"
      description={rule.help}
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
          inputMode={rule.numeric ? 'numeric' : 'text'}
          maxLength={40}
          {...form.register('reference')}
        />
      </FormField>
    </ActionDialog>
  );
}
