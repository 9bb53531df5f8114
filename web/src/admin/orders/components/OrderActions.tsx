import { type AdminOrder, CancelOrderRequest, MarkPaidRequest, OrderStatus, Shipment } from '@store/contract';
import { Ban, IndianRupee, PackageCheck, Pencil, Truck } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { type FieldValues, type Path, type UseFormSetError, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button, FormField, Input, Textarea } from '@/components/ui';
import { statusLabel } from '@/features/orders/order-status';
import { isAdminApiError } from '../../lib/api-client';
import { contractResolver } from '../../lib/forms';
import { type OrderAction, useOrderAction } from '../api';
import { ActionDialog, type ActionProblem, placeProblem } from './ActionDialog';

type ActionKind = OrderAction['kind'];

interface ActionsProps {
  order: AdminOrder;
  onReload: () => void;
}

/** The moves the state machine allows for this order now, and nothing else. */
export function OrderActions({ order, onReload }: ActionsProps) {
  // The order as it was when the dialog opened: the action names that version, even if the page reloads meanwhile.
  const [opened, setOpened] = useState<{ kind: ActionKind; order: AdminOrder } | null>(null);
  const setOpen = (kind: ActionKind) => setOpened({ kind, order });
  const open = opened?.kind ?? null;
  const allowed = (status: number) => order.allowedMoves.includes(status);
  const close = () => setOpened(null);
  const reload = () => {
    close();
    onReload();
  };
  const dialog = { order: opened?.order ?? order, onClose: close, onReload: reload };

  return (
    <>
      <div className="flex flex-wrap gap-2">
        {order.status === OrderStatus.Pending && allowed(OrderStatus.Processing) ? (
          <Button onClick={() => setOpen('paid')}>
            <IndianRupee aria-hidden="true" className="h-4 w-4" />
            Mark as paid
          </Button>
        ) : null}
        {allowed(OrderStatus.Shipped) ? (
          <Button onClick={() => setOpen('ship')}>
            <Truck aria-hidden="true" className="h-4 w-4" />
            Ship
          </Button>
        ) : null}
        {allowed(OrderStatus.Delivered) ? (
          <Button onClick={() => setOpen('deliver')}>
            <PackageCheck aria-hidden="true" className="h-4 w-4" />
            Mark delivered
          </Button>
        ) : null}
        {order.status === OrderStatus.Shipped ? (
          <Button variant="outline" onClick={() => setOpen('tracking')}>
            <Pencil aria-hidden="true" className="h-4 w-4" />
            Edit tracking
          </Button>
        ) : null}
        {allowed(OrderStatus.Cancelled) ? (
          <Button variant="outline" className="text-red-700" onClick={() => setOpen('cancel')}>
            <Ban aria-hidden="true" className="h-4 w-4" />
            Cancel order
          </Button>
        ) : null}
      </div>
      {open === 'paid' ? <MarkPaidDialog {...dialog} /> : null}
      {open === 'ship' || open === 'tracking' ? <ShipDialog {...dialog} kind={open} /> : null}
      {open === 'deliver' ? <DeliverDialog {...dialog} /> : null}
      {open === 'cancel' ? <CancelDialog {...dialog} /> : null}
    </>
  );
}

interface DialogProps {
  order: AdminOrder;
  onClose: () => void;
  onReload: () => void;
}

/** Sends an action, closes on success with a toast, and places a refusal beside its field or above the form. */
function useActionRunner<Values extends FieldValues>(
  order: AdminOrder,
  onClose: () => void,
  fields: readonly Path<Values>[],
  setError: UseFormSetError<Values>,
) {
  const action = useOrderAction(order.id);
  const [problem, setProblem] = useState<ActionProblem | null>(null);
  const run = async (request: OrderAction, done: (updated: AdminOrder) => string) => {
    setProblem(null);
    try {
      const updated = await action.mutateAsync(request);
      toast.success(done(updated));
      onClose();
    } catch (error) {
      if (!isAdminApiError(error)) throw error;
      if (error.status === 401) return;
      setProblem(
        placeProblem(error, fields, (field, message) =>
          setError(field as Path<Values>, { type: 'server', message }, { shouldFocus: true }),
        ),
      );
    }
  };
  return { run, problem, pending: action.isPending };
}

const movedTo = (updated: AdminOrder) => `Order ${updated.id} is now ${statusLabel(updated.status)}.`;

interface PaidValues {
  reference: string;
}

function MarkPaidDialog({ order, onClose, onReload }: DialogProps) {
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

interface ShipValues {
  courier: string;
  trackingNumber: string;
  trackingUrl: string;
}

const SHIP_FIELDS = ['courier', 'trackingNumber', 'trackingUrl'] as const;

function ShipDialog({ order, onClose, onReload, kind }: DialogProps & { kind: 'ship' | 'tracking' }) {
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

function DeliverDialog({ order, onClose, onReload }: DialogProps) {
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

function CancelDialog({ order, onClose, onReload }: DialogProps) {
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
