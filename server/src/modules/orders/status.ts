import { ORDER_STATUS_LABELS as LABELS, OrderStatus } from '@netkart/contract';
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

/** Throws a 409 with a readable reason when the move is not allowed. */
export function assertMove(from: number, to: number): void {
  if (!canMove(from, to)) {
    throw conflict(`An order that is ${statusLabel(from)} cannot become ${statusLabel(to)}.`);
  }
}
