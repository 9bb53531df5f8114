import { useForm } from 'react-hook-form';
import { ActionDialog } from './ActionDialog';
import { type DialogProps, useActionRunner } from './use-action-runner';

/** "Ship with Shiprocket": the store's courier service books the parcel, its AWB and pickup, and makes the label. */
export function CourierDialog({ order, onClose, onReload }: DialogProps) {
  const form = useForm();
  const { run, problem, pending } = useActionRunner(order, onClose, [], form.setError);
  const courier = order.courierService;
  const submit = form.handleSubmit(() =>
    run(
      { kind: 'courier', body: { updatedAt: order.updatedAt, ...(courier ? { provider: courier.name } : {}) } },
      (updated) =>
        `Order ${updated.id} is booked with ${updated.courier ?? courier?.title}: AWB ${updated.trackingNumber}.`,
    ),
  );
  return (
    <ActionDialog
      open
      onOpenChange={(open) => open || onClose()}
      title={`Ship with ${courier?.title ?? 'the courier service'}`}
      description={`${courier?.title ?? 'The courier service'} books the parcel, assigns the AWB, asks for the pickup and makes the label; the order becomes Shipped. If it fails halfway, try again: it resumes and never books twice.`}
      submitLabel="Book the parcel"
      pending={pending}
      problem={problem}
      onReload={onReload}
      onSubmit={submit}
    />
  );
}
