import { useForm } from 'react-hook-form';
import { ActionDialog } from './ActionDialog';
import { type DialogProps, movedTo, useActionRunner } from './use-action-runner';

/** Marks a Shipped order as Delivered. */
export function DeliverDialog({ order, onClose, onReload }: DialogProps) {
  const form = useForm();
  const { run, problem, pending } = useActionRunner(order, onClose, [], form.setError);
  const submit = form.handleSubmit(() => run({ kind: 'deliver', body: { updatedAt: order.updatedAt } }, movedTo));
  return (
    <ActionDialog
      open
      onOpenChange={(open) => open || onClose()}
      title="Mark delivered"
      description="The parcel reached the shopper: the order becomes Delivered."
      submitLabel="Mark delivered"
      pending={pending}
      problem={problem}
      onReload={onReload}
      onSubmit={submit}
    />
  );
}
