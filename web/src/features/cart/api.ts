import { type Product, stockOf } from '@netkart/contract';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { ApiError, apiRequest, isNotFound } from '@/lib/api-client';
import { NOT_THE_PAGES_DATA } from '@/lib/network-status';
import type { ProductForCart } from './cart-back';

/** What the cart must know of a product now: how many are left, and its GST rate (if it has one). */
export interface ProductNow {
  stock: number;
  gstRate?: number;
}

/**
 * The cart lives in the browser for days: each of its products is read again (never from cache),
 * so a line that is gone, hidden, sold out or above the stock is told before checkout.
 */
const productNowQuery = (id: string) =>
  queryOptions({
    queryKey: ['cart', 'product', id],
    staleTime: 0,
    // Offline, the cart still shows what it holds.
    meta: NOT_THE_PAGES_DATA,
    retry: (count: number, error: Error) => !isNotFound(error) && count < 2,
    queryFn: async (): Promise<ProductNow> => {
      const result = await apiRequest<Product>(`/products/${encodeURIComponent(id)}`);
      if (!result.ok) throw new ApiError(result.status, result.error ?? 'Failed to load product details');
      if (!result.data?.id) throw new ApiError(404, 'Product not found');
      const { stock, gstRate } = result.data;
      return { stock: stockOf(stock), ...(typeof gstRate === 'number' && Number.isFinite(gstRate) ? { gstRate } : {}) };
    },
  });

export const useProductsNow = (ids: string[]) => useQueries({ queries: ids.map(productNowQuery) });

/**
 * The products an earlier order held, as the shop sells them now (read afresh): gone when the shop
 * says 404; any other failure is thrown, so nothing is half put back on a bad network.
 */
export async function productsForCart(ids: string[]): Promise<Map<string, ProductForCart | 'gone'>> {
  const unique = [...new Set(ids)];
  const read = await Promise.all(
    unique.map(async (id): Promise<[string, ProductForCart | 'gone']> => {
      const result = await apiRequest<Product>(`/products/${encodeURIComponent(id)}`);
      if (!result.ok && result.status === 404) return [id, 'gone'];
      if (!result.ok) throw new ApiError(result.status, result.error ?? 'Failed to load product details');
      if (!result.data?.id) return [id, 'gone'];
      const product = result.data;
      return [
        id,
        {
          name: product.title ?? '',
          price: product.discountedPrice ?? product.regularPrice ?? 0,
          image: product.imgUrl || product.images?.[0]?.url || '',
          stock: stockOf(product.stock),
          ...(product.variants?.length
            ? {
                variants: new Map(
                  product.variants.map((variant) => [variant.sku, { price: variant.price, stock: variant.stock }]),
                ),
              }
            : {}),
        },
      ];
    }),
  );
  return new Map(read);
}
