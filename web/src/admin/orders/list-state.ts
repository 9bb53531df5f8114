import { ADMIN_ORDERS_PAGE_SIZE } from '@netkart/contract';

/** What the orders list shows, as it lives in the page's address: reload, back and forward keep it. */
export interface ListState {
  /** 0 … 4, or undefined for every status. */
  status?: number;
  q: string;
  from: string;
  to: string;
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function readListState(params: URLSearchParams): ListState {
  const status = params.get('status') ?? '';
  const page = Number(params.get('page') ?? '');
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return DAY.test(value) ? value : '';
  };
  return {
    status: /^[0-4]$/.test(status) ? Number(status) : undefined,
    q: (params.get('q') ?? '').trim(),
    from: day('from'),
    to: day('to'),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address's query for a state; what is at its default is left out. */
export function writeListState(state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.status !== undefined) params.set('status', String(state.status));
  if (state.q) params.set('q', state.q);
  if (state.from) params.set('from', state.from);
  if (state.to) params.set('to', state.to);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The query of GET /admin/orders (the contract's AdminOrderListQuery) for a state. */
export function toListQuery(state: ListState): Record<string, string | number | undefined> {
  return {
    status: state.status,
    q: state.q || undefined,
    from: state.from || undefined,
    to: state.to || undefined,
    page: state.page,
    limit: ADMIN_ORDERS_PAGE_SIZE,
  };
}

export const pageCount = (total: number, limit: number) => Math.max(1, Math.ceil(total / Math.max(1, limit)));
