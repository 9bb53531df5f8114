import { ADMIN_PRODUCTS_PAGE_SIZE } from '@netkart/contract';

/** What the products table shows, as it lives in the page's address. */
export interface ProductListState {
  q: string;
  category: string;
  stock?: 'low' | 'out';
  hidden?: 'true' | 'false';
  page: number;
}

export function readProductListState(params: URLSearchParams): ProductListState {
  const stock = params.get('stock');
  const hidden = params.get('hidden');
  const page = Number(params.get('page') ?? '');
  return {
    q: (params.get('q') ?? '').trim(),
    category: (params.get('category') ?? '').trim(),
    stock: stock === 'low' || stock === 'out' ? stock : undefined,
    hidden: hidden === 'true' || hidden === 'false' ? hidden : undefined,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address's query for a state; what is at its default is left out. */
export function writeProductListState(state: ProductListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.category) params.set('category', state.category);
  if (state.stock) params.set('stock', state.stock);
  if (state.hidden) params.set('hidden', state.hidden);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The query of GET /admin/products (the contract's AdminProductListQuery). */
export function toProductListQuery(state: ProductListState): Record<string, string | number | undefined> {
  return {
    q: state.q || undefined,
    category: state.category || undefined,
    stock: state.stock,
    hidden: state.hidden,
    page: state.page,
    limit: ADMIN_PRODUCTS_PAGE_SIZE,
  };
}
