import { useForm } from 'react-hook-form';
import { ActionDialog } from './ActionDialog';
import { type DialogProps, movedTo, useActionRunner } from './use-action-runner';

/** An undelivered COD parcel came back to the store (RTO): the order is cancelled, its items back in stock. */
export function RtoDialog({ order, onClose, onReload }: DialogProps) {
  const form = useForm();
  const { run, problem, pending } = useActionRunner(order, onClose, [], form.setError);
  const submit = form.handleSubmit(() => run({ kind: 'rto', body: { updatedAt: order.updatedAt } }, movedTo));
  return (
    <ActionDialog
      open
      onOpenChange={(open) => open || onClose()}
      title="Returned to origin (RTO)"
      description="The courier could not deliver the parcel and brought it back. The order is cancelled with the reason “Returned to origin” and its items go back into stock. This cannot be undone."
      submitLabel="Mark returned to origin"
      submitVariant="destructive"
      pending={pending}
      problem={problem}
      onReload={onReload}
      onSubmit={submit}
    />
  );
}
