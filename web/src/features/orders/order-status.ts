import { ORDER_STATUS_LABELS, OrderStatus } from '@netkart/contract';
import type { BadgeTone } from '@/components/ui';
import { englishT, type MessageKey, type Translate } from '@/lib/i18n';

/** Spec section 3: order status codes. */
const LABELS: Readonly<Record<number, string>> = ORDER_STATUS_LABELS;
/** What a shopper reads for each code, from the message catalogue. */
const SHOPPER_LABELS: Readonly<Record<number, MessageKey>> = {
  [OrderStatus.Pending]: 'status.pending',
  [OrderStatus.Processing]: 'status.processing',
  [OrderStatus.Shipped]: 'status.shipped',
  [OrderStatus.Delivered]: 'status.delivered',
  [OrderStatus.Cancelled]: 'status.cancelled',
};
const TONES: Readonly<Record<number, BadgeTone>> = {
  [OrderStatus.Delivered]: 'green',
  [OrderStatus.Processing]: 'blue',
  [OrderStatus.Shipped]: 'purple',
  [OrderStatus.Cancelled]: 'red',
  [OrderStatus.Pending]: 'yellow',
};

export const PENDING = OrderStatus.Pending;

/** The status as a number: absent is Pending (0), a numeric string its number, anything else NaN. */
function codeOf(status: unknown): number {
  if (status === undefined || status === null) return OrderStatus.Pending;
  if (typeof status === 'string' && status.trim() !== '') return Number(status);
  return typeof status === 'number' ? status : Number.NaN;
}

/** 'Pending' … 'Cancelled'; 'Unknown (n)' for another number; 'Unknown' for anything else (the back office's words). */
export function statusLabel(status: unknown): string {
  const code = codeOf(status);
  if (!Number.isFinite(code)) return 'Unknown';
  return LABELS[code] ?? `Unknown (${code})`;
}

/** The status as the shopper's page says it, in its language. */
export function shopperStatusLabel(status: unknown, t: Translate = englishT): string {
  const code = codeOf(status);
  if (!Number.isFinite(code)) return t('status.unknown');
  const key = SHOPPER_LABELS[code];
  return key ? t(key) : t('status.unknownCode', { code });
}

export const statusTone = (status: unknown): BadgeTone => TONES[codeOf(status)] ?? 'grey';

export const isPending = (status: unknown) => codeOf(status) === OrderStatus.Pending;

/** Processing, Shipped or Delivered: the payment has been received. */
export const isPaid = (status: unknown) =>
  ([OrderStatus.Processing, OrderStatus.Shipped, OrderStatus.Delivered] as number[]).includes(codeOf(status));

export const isCancelled = (status: unknown) => codeOf(status) === OrderStatus.Cancelled;
