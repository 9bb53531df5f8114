import { Shipment } from '@netkart/contract';
import { useForm } from 'react-hook-form';
import { FormField, Input } from '@/components/ui';
import { contractResolver } from '../../lib/forms';
import { ActionDialog } from './ActionDialog';
import { type DialogProps, movedTo, useActionRunner } from './use-action-runner';

interface ShipValues {
  courier: string;
  trackingNumber: string;
  trackingUrl: string;
}

const SHIP_FIELDS = ['courier', 'trackingNumber', 'trackingUrl'] as const;

/** Ships a Processing order with its courier and tracking, or corrects a Shipped order's tracking. */
export function ShipDialog({ order, onClose, onReload, kind }: DialogProps & { kind: 'ship' | 'tracking' }) {
  const form = useForm<ShipValues, unknown, Shipment>({
    resolver: contractResolver(Shipment),
    defaultValues: {
      courier: order.courier ?? '',
      trackingNumber: order.trackingNumber ?? '',
      trackingUrl: order.trackingUrl ?? '',
    },
  });
  const { run, problem, pending } = useActionRunner(order, onClose, SHIP_FIELDS, form.setError);
  const submit = form.handleSubmit((shipment) =>
    run({ kind, body: { updatedAt: order.updatedAt, shipment } }, (updated) =>
      kind === 'ship' ? movedTo(updated) : `Tracking of order ${updated.id} updated.`,
    ),
  );
  const { errors } = form.formState;
  return (
    <ActionDialog
      open
      onOpenChange={(open) => open || onClose()}
      title={kind === 'ship' ? 'Ship' : 'Edit tracking'}
      description={
        kind === 'ship'
          ? 'The parcel has left: the order becomes Shipped, and the shopper sees the courier and tracking.'
          : 'Correct the courier or the tracking the shopper sees.'
      }
      submitLabel={kind === 'ship' ? 'Ship' : 'Save tracking'}
      pending={pending}
      problem={problem}
      onReload={onReload}
      onSubmit={submit}
    >
      <FormField label="Courier" htmlFor="ship-courier" error={errors.courier?.message}>
        <Input id="ship-courier" autoComplete="off" {...form.register('courier')} />
      </FormField>
      <FormField label="Tracking number" htmlFor="ship-tracking-number" error={errors.trackingNumber?.message}>
        <Input id="ship-tracking-number" autoComplete="off" {...form.register('trackingNumber')} />
      </FormField>
      <FormField label="Tracking page (https)" htmlFor="ship-tracking-url" error={errors.trackingUrl?.message}>
        <Input id="ship-tracking-url" type="url" inputMode="url" autoComplete="off" {...form.register('trackingUrl')} />
      </FormField>
    </ActionDialog>
  );
}
