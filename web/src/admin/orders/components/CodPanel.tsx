import { type AdminOrder, OrderStatus } from '@netkart/contract';
import { useState } from 'react';
import { IndianRupee, Undo2 } from '@/components/icons';
import { Button } from '@/components/ui';
import { formatDateTime } from '@/lib/dates';
import { formatPrice } from '@/lib/money';
import { useMay } from '../../auth/session';
import { CodCashDialog } from './CodCashDialog';
import { RtoDialog } from './RtoDialog';

interface CodPanelProps {
  order: AdminOrder;
  onReload: () => void;
}

/**
 * A cash-on-delivery order's own panel: whether the shopper confirmed it by code, and once it is
 * Shipped the cash the courier collected or its parcel back undelivered (RTO).
 */
export function CodPanel({ order, onReload }: CodPanelProps) {
  // The order as it was when the dialog opened: the action names that version.
  const [opened, setOpened] = useState<{ kind: 'cash' | 'rto'; order: AdminOrder } | null>(null);
  const may = useMay('orders.change');
  const cod = order.codCash;
  if (!cod) return null;
  const close = () => setOpened(null);
  const dialog = {
    order: opened?.order ?? order,
    onClose: close,
    onReload: () => {
      close();
      onReload();
    },
  };
  const shipped = order.status === OrderStatus.Shipped && cod.cashCollected === null;
  return (
    <section
      aria-label="Cash on delivery"
      className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 text-sm"
    >
      <h2 className="mb-2 text-base font-semibold text-slate-900">Cash on delivery</h2>
      <p>{confirmationText(order)}</p>
      {cod.cashCollected !== null ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-slate-600">Cash collected</dt>
          <dd className="font-medium tabular-nums">{formatPrice(cod.cashCollected)}</dd>
          <dt className="text-slate-600">Remittance</dt>
          <dd className="font-mono break-all">{cod.remittanceReference}</dd>
          {cod.collectedBy ? (
            <>
              <dt className="text-slate-600">Recorded by</dt>
              <dd className="break-words">{cod.collectedBy}</dd>
            </>
          ) : null}
          {cod.collectedAt ? (
            <>
              <dt className="text-slate-600">Recorded</dt>
              <dd>{formatDateTime(cod.collectedAt)}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {shipped && may ? (
        <div className="flex flex-wrap gap-2 pt-1">
          <Button onClick={() => setOpened({ kind: 'cash', order })}>
            <IndianRupee aria-hidden="true" className="h-4 w-4" />
            Record cash collected
          </Button>
          <Button variant="outline" onClick={() => setOpened({ kind: 'rto', order })}>
            <Undo2 aria-hidden="true" className="h-4 w-4" />
            Returned to origin (RTO)
          </Button>
        </div>
      ) : null}
      {opened?.kind === 'cash' ? <CodCashDialog {...dialog} /> : null}
      {opened?.kind === 'rto' ? <RtoDialog {...dialog} /> : null}
    </section>
  );
}

function confirmationText(order: AdminOrder): string {
  const confirmedAt = order.codCash?.confirmedAt;
  if (confirmedAt) return `Confirmed by the shopper's code on ${formatDateTime(confirmedAt)}.`;
  if (order.status === OrderStatus.Pending) {
    return `Awaiting the shopper's code, sent by SMS to ${order.cod?.phone ?? order.shippingAddress.phone}. Do not ship it before.`;
  }
  return 'Not confirmed by the shopper.';
}
