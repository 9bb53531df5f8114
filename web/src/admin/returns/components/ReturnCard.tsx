import type { Return } from '@netkart/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge, type BadgeTone, Button, Input, Label } from '@/components/ui';
import { formatDateTime } from '@/lib/dates';
import { formatPrice } from '@/lib/money';
import { useMay } from '../../auth/session';
import { adminUrl } from '../../lib/api-client';
import { useMoveReturn } from '../api';

const TONES: Record<Return['status'], BadgeTone> = {
  requested: 'yellow',
  approved: 'blue',
  refused: 'red',
  'pickup-booked': 'purple',
  received: 'green',
};

/** One return with what the staff may do next: approve or refuse it, book its pickup, receive it. */
export function ReturnCard({ value, customer }: { value: Return; customer?: string }) {
  const move = useMoveReturn(value.id);
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const [courier, setCourier] = useState('');
  const [awb, setAwb] = useState('');
  const what = value.kind === 'exchange' ? 'Exchange' : 'Return';
  // A role that may not change orders (read-only) reads the return and is offered no move.
  const may = useMay('orders.change');
  const canPickup = may && value.status === 'approved';
  const canReceive = may && (value.status === 'approved' || value.status === 'pickup-booked');
  return (
    <article
      aria-label={`${what} ${value.id}`}
      className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 text-sm"
    >
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-mono font-medium">
          {what} {value.id}
        </span>
        <Badge tone={TONES[value.status]}>{value.statusLabel}</Badge>
        <Link to={`/admin/orders/${encodeURIComponent(value.orderId)}`} className="text-brand-700 hover:underline">
          Order {value.orderId}
        </Link>
        {customer ? <span className="text-slate-600">{customer}</span> : null}
        <span className="text-slate-600">asked {formatDateTime(value.createdAt)}</span>
      </p>
      <p>
        {value.items
          .map((item) => `${item.quantity} × ${[item.productTitle, item.size, item.color].filter(Boolean).join(', ')}`)
          .join('; ')}{' '}
        · {formatPrice(value.amount)}
      </p>
      <p className="text-slate-700">Reason: {value.reason}</p>
      {value.photos ? <ReturnPhotos value={value} /> : null}
      {value.refundTo ? <p>Refund to UPI {value.refundTo.upi}</p> : null}
      {value.refusalReason ? <p>Refused: {value.refusalReason}</p> : null}
      {value.awb ? (
        <p>
          Pickup{value.courier ? ` with ${value.courier}` : ''}, AWB {value.awb}
        </p>
      ) : null}
      {value.creditNote ? (
        <p>
          Credit note {value.creditNote.number} for {formatPrice(value.creditNote.total)}
        </p>
      ) : null}
      {move.error ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-red-800">
          {move.error.message}
        </p>
      ) : null}
      {may && value.status === 'requested' ? (
        refusing ? (
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              move.mutate({ move: 'refuse', reason });
            }}
          >
            <div className="space-y-1">
              <Label htmlFor={`refuse-${value.id}`}>Why is it refused?</Label>
              <Input id={`refuse-${value.id}`} value={reason} onChange={(event) => setReason(event.target.value)} />
            </div>
            <Button type="submit" variant="destructive" size="sm" disabled={move.isPending}>
              Refuse return
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={() => setRefusing(false)}>
              Back
            </Button>
          </form>
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" disabled={move.isPending} onClick={() => move.mutate({ move: 'approve' })}>
              Approve
            </Button>
            <Button size="sm" variant="outline" onClick={() => setRefusing(true)}>
              Refuse
            </Button>
          </div>
        )
      ) : null}
      {canPickup ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            move.mutate({
              move: 'pickup',
              pickup: { via: 'hand', ...(courier.trim() ? { courier: courier.trim() } : {}), awb: awb.trim() },
            });
          }}
        >
          <div className="space-y-1">
            <Label htmlFor={`courier-${value.id}`}>Courier</Label>
            <Input id={`courier-${value.id}`} value={courier} onChange={(event) => setCourier(event.target.value)} />
          </div>
          <div className="space-y-1">
            <Label htmlFor={`awb-${value.id}`}>Pickup AWB</Label>
            <Input id={`awb-${value.id}`} value={awb} onChange={(event) => setAwb(event.target.value)} />
          </div>
          <Button type="submit" variant="outline" size="sm" disabled={move.isPending}>
            Book pickup
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={move.isPending}
            onClick={() => move.mutate({ move: 'pickup', pickup: { via: 'courier' } })}
          >
            Book with courier service
          </Button>
        </form>
      ) : null}
      {canReceive ? (
        <Button size="sm" disabled={move.isPending} onClick={() => move.mutate({ move: 'receive' })}>
          Mark received
        </Button>
      ) : null}
    </article>
  );
}

/** An order's returns on its page in the back office. */
export function OrderReturns({ returns }: { returns: Return[] }) {
  if (returns.length === 0) return null;
  return (
    <section aria-label="Returns" className="space-y-2">
      <h2 className="text-base font-semibold text-slate-900">Returns</h2>
      {returns.map((each) => (
        <ReturnCard key={each.id} value={each} />
      ))}
    </section>
  );
}

/** The photos the shopper sent, small, each opening full size in a new tab. */
function ReturnPhotos({ value }: { value: Return }) {
  const count = value.photos ?? 0;
  return (
    <ul aria-label={`Photos of return ${value.id}`} className="flex flex-wrap gap-2">
      {Array.from({ length: count }, (_, index) => {
        const src = adminUrl(`/returns/${encodeURIComponent(value.id)}/photos/${index + 1}`);
        return (
          <li key={src}>
            <a href={src} target="_blank" rel="noreferrer" className="block">
              <img
                src={src}
                alt={`Sent by the shopper, ${index + 1} of ${count}`}
                loading="lazy"
                className="h-20 w-20 rounded-lg border border-slate-200 object-cover"
              />
            </a>
          </li>
        );
      })}
    </ul>
  );
}
