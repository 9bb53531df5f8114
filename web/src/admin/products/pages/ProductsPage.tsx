import type { AdminProductSummary } from '@netkart/contract';
import { Link, useSearchParams } from 'react-router';
import { CirclePlus, Download } from '@/components/icons';
import { Badge, buttonClasses, EmptyState, Label, Select, Skeleton } from '@/components/ui';
import { formatPrice } from '@/lib/money';
import { useMay } from '../../auth/session';
import { LoadProblem } from '../../components/LoadProblem';
import { Pager } from '../../components/Pager';
import { SearchBox } from '../../components/SearchBox';
import { adminUrl } from '../../lib/api-client';
import { useTitle } from '../../lib/use-title';
import { pageCount } from '../../orders/list-state';
import { useProductList } from '../api';
import { ImportDialog } from '../components/ImportDialog';
import { QuickStock } from '../components/QuickStock';
import { type ProductListState, readProductListState, writeProductListState } from '../list-state';

export const productPath = (id: string) => `/admin/products/${encodeURIComponent(id)}`;

export function ProductsPage() {
  useTitle('Products');
  const [params, setParams] = useSearchParams();
  const state = readProductListState(params);
  const list = useProductList(state);
  const show = (next: Partial<ProductListState>) => setParams(writeProductListState({ ...state, page: 1, ...next }));
  const pages = list.data ? pageCount(list.data.total, list.data.limit) : 1;
  const may = useMay('catalogue.change');

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Products</h1>
        <div className="flex flex-wrap gap-2">
          {may ? (
            <>
              <Link to="/admin/products/new" className={buttonClasses('primary')}>
                <CirclePlus aria-hidden="true" className="h-4 w-4" />
                New product
              </Link>
              <ImportDialog />
            </>
          ) : null}
          <a href={adminUrl('/products/export.csv')} download className={buttonClasses('outline')}>
            <Download aria-hidden="true" className="h-4 w-4" />
            Export CSV
          </a>
        </div>
      </div>

      <Filters state={state} categories={list.data?.categories ?? []} onChange={show} />

      {list.isError ? (
        list.data ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
            The list could not be refreshed: {list.error.message}
          </p>
        ) : (
          <LoadProblem error={list.error} onRetry={() => list.refetch()} />
        )
      ) : null}
      {!list.data ? (
        list.isError ? null : (
          <div role="status" aria-label="Loading products" className="space-y-2">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        )
      ) : list.data.data.length === 0 ? (
        <EmptyState title="No products" description="No product matches these filters." />
      ) : (
        <>
          <p className="text-sm text-slate-600">
            {list.data.total} {list.data.total === 1 ? 'product' : 'products'} · low stock is{' '}
            {list.data.lowStockThreshold} or fewer
          </p>
          <ProductTable products={list.data.data} lowStock={list.data.lowStockThreshold} />
          <Pager
            page={state.page}
            pages={pages}
            onPage={(page) => setParams(writeProductListState({ ...state, page }))}
          />
        </>
      )}
    </div>
  );
}

function Filters(props: {
  state: ProductListState;
  categories: string[];
  onChange: (next: Partial<ProductListState>) => void;
}) {
  const { state, categories, onChange } = props;
  // A category in the address that no product has any more still shows as chosen.
  const choices = state.category && !categories.includes(state.category) ? [state.category, ...categories] : categories;
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
      <SearchBox
        id="products-search"
        label="Search products"
        placeholder="Title or SKU"
        value={state.q}
        onSearch={(q) => onChange({ q })}
      />
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3 lg:flex">
        <div className="min-w-0 space-y-1.5 lg:w-48">
          <Label htmlFor="products-category">Category</Label>
          <Select
            id="products-category"
            value={state.category}
            onChange={(event) => onChange({ category: event.target.value })}
          >
            <option value="">All categories</option>
            {choices.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </Select>
        </div>
        <div className="min-w-0 space-y-1.5 lg:w-40">
          <Label htmlFor="products-stock">Stock</Label>
          <Select
            id="products-stock"
            value={state.stock ?? ''}
            onChange={(event) => onChange({ stock: (event.target.value || undefined) as ProductListState['stock'] })}
          >
            <option value="">All</option>
            <option value="low">Low</option>
            <option value="out">Out of stock</option>
          </Select>
        </div>
        <div className="min-w-0 space-y-1.5 lg:w-40">
          <Label htmlFor="products-hidden">Shown in the shop</Label>
          <Select
            id="products-hidden"
            value={state.hidden ?? ''}
            onChange={(event) => onChange({ hidden: (event.target.value || undefined) as ProductListState['hidden'] })}
          >
            <option value="">All</option>
            <option value="false">Shown</option>
            <option value="true">Hidden</option>
          </Select>
        </div>
      </div>
    </div>
  );
}

/** A table on a wide screen; on a phone each row is a card, so nothing scrolls sideways. */
function ProductTable({ products, lowStock }: { products: AdminProductSummary[]; lowStock: number }) {
  return (
    <table className="block w-full text-left text-sm md:table md:overflow-hidden md:rounded-xl md:border md:border-slate-200 md:bg-white">
      <caption className="sr-only">Products</caption>
      <thead className="hidden bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase md:table-header-group">
        <tr>
          <th scope="col" className="px-3 py-2">
            <span className="sr-only">Picture</span>
          </th>
          <th scope="col" className="px-3 py-2">
            Product
          </th>
          <th scope="col" className="px-3 py-2">
            Category
          </th>
          <th scope="col" className="px-3 py-2 text-right">
            Price
          </th>
          <th scope="col" className="px-3 py-2">
            Stock
          </th>
        </tr>
      </thead>
      <tbody className="block space-y-2 md:table-row-group md:space-y-0 md:divide-y md:divide-slate-100">
        {products.map((product) => (
          <tr
            key={product.id}
            className="grid grid-cols-[4rem_1fr] gap-x-3 gap-y-1 rounded-xl border border-slate-200 bg-white p-3 md:table-row md:rounded-none md:border-0 md:p-0"
          >
            <td className="row-span-3 md:table-cell md:w-16 md:px-3 md:py-2">
              {product.imgUrl ? (
                <img
                  src={product.imgUrl}
                  alt=""
                  width={56}
                  height={56}
                  loading="lazy"
                  className="h-14 w-14 rounded-lg bg-slate-100 object-cover"
                />
              ) : (
                <span className="block h-14 w-14 rounded-lg bg-slate-100" />
              )}
            </td>
            <td className="min-w-0 md:table-cell md:max-w-80 md:px-3 md:py-2">
              <Link to={productPath(product.id)} className="font-medium break-words text-brand-700 hover:underline">
                {product.title}
              </Link>
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-600">
                <span className="font-mono text-xs break-all">{product.sku}</span>
                {product.hidden ? <Badge tone="grey">Hidden</Badge> : null}
              </p>
            </td>
            <td className="min-w-0 break-words text-slate-700 md:table-cell md:px-3 md:py-2">
              {product.category}
              {product.parentCategory ? <span className="text-slate-500"> · {product.parentCategory}</span> : null}
            </td>
            <td className="tabular-nums md:table-cell md:px-3 md:py-2 md:text-right md:whitespace-nowrap">
              <Price product={product} />
            </td>
            <td className="col-span-2 pt-1 md:table-cell md:px-3 md:py-2 md:pt-2">
              <div className="flex flex-wrap items-start gap-x-3 gap-y-1">
                <QuickStock product={product} />
                {product.stock === 0 ? (
                  <Badge tone="red">Out of stock</Badge>
                ) : product.stock <= lowStock ? (
                  <Badge tone="yellow">Low</Badge>
                ) : null}
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Price({ product }: { product: AdminProductSummary }) {
  if (product.discountedPrice === null) return <span className="font-medium">{formatPrice(product.regularPrice)}</span>;
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-1.5 md:justify-end">
      <span className="font-medium">{formatPrice(product.discountedPrice)}</span>
      <s className="text-xs text-slate-500">
        <span className="sr-only">regular price </span>
        {formatPrice(product.regularPrice)}
      </s>
    </span>
  );
}
