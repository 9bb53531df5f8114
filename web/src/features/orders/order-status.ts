import { ORDER_STATUS_LABELS } from '@netkart/contract';
import type { BadgeTone } from '@/components/ui';

/** Spec section 3: order status codes. */
const LABELS: Readonly<Record<number, string>> = ORDER_STATUS_LABELS;
const TONES: Record<string, BadgeTone> = {
  Delivered: 'green',
  Processing: 'blue',
  Shipped: 'purple',
  Cancelled: 'red',
  Pending: 'yellow',
};

export const PENDING = 0;

/** 'Pending' … 'Cancelled'; 'Unknown (n)' for another number; 'Unknown' for anything else. */
export function statusLabel(status: unknown): string {
  const code =
    status === undefined || status === null
      ? 0
      : typeof status === 'string' && status.trim() !== ''
        ? Number(status)
        : status;
  if (typeof code !== 'number' || !Number.isFinite(code)) return 'Unknown';
  return LABELS[code] ?? `Unknown (${code})`;
}

export const statusTone = (status: unknown): BadgeTone => TONES[statusLabel(status)] ?? 'grey';

export const isPending = (status: unknown) => statusLabel(status) === 'Pending';

/** Processing, Shipped or Delivered: the payment has been received. */
export const isPaid = (status: unknown) => ['Processing', 'Shipped', 'Delivered'].includes(statusLabel(status));

export const isCancelled = (status: unknown) => statusLabel(status) === 'Cancelled';
