import { Badge } from '@/components/ui';
import { statusLabel, statusTone } from '@/features/orders/order-status';

export function StatusBadge({ status }: { status: number }) {
  return <Badge tone={statusTone(status)}>{statusLabel(status)}</Badge>;
}

/** Paid on the sandbox gateway: no real money moved. */
export function TestMark() {
  return (
    <Badge tone="yellow" title="Test payment: no real money moved">
      TEST
    </Badge>
  );
}

/** Paid by cash on delivery: the courier collects the money. */
export function CodMark() {
  return (
    <Badge tone="blue" title="Cash on delivery">
      COD
    </Badge>
  );
}
