import { type AdminOrder, OrderStatus } from '@netkart/contract';
import { useState } from 'react';
import { Ban, FileDown, IndianRupee, PackageCheck, Pencil, Truck } from '@/components/icons';
import { Button, buttonClasses } from '@/components/ui';
import { useMay } from '../../auth/session';
import { adminUrl } from '../../lib/api-client';
import type { OrderAction } from '../api';
import { CancelDialog } from './CancelDialog';
import { CourierDialog } from './CourierDialog';
import { DeliverDialog } from './DeliverDialog';
import { MarkPaidDialog } from './MarkPaidDialog';
import { ShipDialog } from './ShipDialog';

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
  // A role that may not change orders (read-only) is offered no move.
  const may = useMay('orders.change');
  const allowed = (status: number) => may && order.allowedMoves.includes(status);
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
        {allowed(OrderStatus.Shipped) && order.courierService ? (
          <Button onClick={() => setOpen('courier')}>
            <Truck aria-hidden="true" className="h-4 w-4" />
            Ship with {order.courierService.title}
          </Button>
        ) : null}
        {order.courierLabel ? (
          <a
            href={adminUrl(`/orders/${encodeURIComponent(order.id)}/label`)}
            target="_blank"
            rel="noreferrer"
            className={buttonClasses('outline')}
          >
            <FileDown aria-hidden="true" className="h-4 w-4" />
            Print label
          </a>
        ) : null}
        {allowed(OrderStatus.Delivered) ? (
          <Button onClick={() => setOpen('deliver')}>
            <PackageCheck aria-hidden="true" className="h-4 w-4" />
            Mark delivered
          </Button>
        ) : null}
        {may && order.status === OrderStatus.Shipped ? (
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
      {open === 'courier' ? <CourierDialog {...dialog} /> : null}
      {open === 'deliver' ? <DeliverDialog {...dialog} /> : null}
      {open === 'cancel' ? <CancelDialog {...dialog} /> : null}
    </>
  );
}
