import { ORDER_STATUS_LABELS as LABELS, OrderStatus, RETURNED_TO_ORIGIN_REASON } from '@netkart/contract';
import { conflict } from '../../http/errors.js';

/** The only moves an order may make; everything else is refused. */
const ALLOWED: Record<OrderStatus, readonly OrderStatus[]> = {
  [OrderStatus.Pending]: [OrderStatus.Processing, OrderStatus.Cancelled],
  [OrderStatus.Processing]: [OrderStatus.Shipped, OrderStatus.Cancelled],
  [OrderStatus.Shipped]: [OrderStatus.Delivered],
  [OrderStatus.Delivered]: [],
  [OrderStatus.Cancelled]: [],
};

/** Each status by its label in lower case (pending … cancelled), as a merchant types it. */
export const STATUS_BY_NAME: Readonly<Record<string, OrderStatus>> = Object.fromEntries(
  Object.entries(LABELS).map(([status, label]) => [label.toLowerCase(), Number(status) as OrderStatus]),
);

export const statusLabel = (status: number): string => LABELS[status as OrderStatus] ?? `Unknown (${status})`;

/** Where an order may go from this status. */
export const movesFrom = (status: number): readonly OrderStatus[] => ALLOWED[status as OrderStatus] ?? [];

export function canMove(from: number, to: number): boolean {
  return (ALLOWED[from as OrderStatus] ?? []).includes(to as OrderStatus);
}

/**
 * A parcel the courier brought back (RTO) closes its Shipped order as Cancelled, with its stock back:
 * the one way out of Shipped besides Delivered, and only with that reason.
 */
export const isReturnToOrigin = (from: number, to: number, reason: string | undefined): boolean =>
  from === OrderStatus.Shipped && to === OrderStatus.Cancelled && reason === RETURNED_TO_ORIGIN_REASON;

/** Throws a 409 with a readable reason when the move is not allowed. */
export function assertMove(from: number, to: number, cancelReason?: string): void {
  if (!canMove(from, to) && !isReturnToOrigin(from, to, cancelReason)) {
    throw conflict(`An order that is ${statusLabel(from)} cannot become ${statusLabel(to)}.`);
  }
}
