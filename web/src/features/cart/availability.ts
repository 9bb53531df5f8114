import { useStoreInfo } from '@/features/store-info/store-info';
import { isNotFound } from '@/lib/api-client';
import { useProductsNow } from './api';
import { type Availability, type CartItem, type LineProblem, lineKey, lineLimit, lineProblem } from './cart-rules';

export interface CartAvailability {
  /** Why each line (by lineKey) cannot be ordered as it is. */
  problems: Map<string, LineProblem>;
  /** The most each line may hold, once its product's stock is known. */
  limits: Map<string, number>;
  hasProblems: boolean;
  /** Each product's GST rate, as the shop says it now (products without one are absent). */
  gstRates: Map<string, number>;
}

/** Why each line cannot be ordered as it is, from its products as the shop has them now (see api.ts). */
export function useCartAvailability(items: CartItem[]): CartAvailability {
  const ids = [...new Set(items.map((item) => item.id))];
  const products = useProductsNow(ids);
  // The store's cap on one product per order; none known yet: the order itself checks.
  const cap = useStoreInfo().storeInfo?.maxLineQuantity ?? Number.POSITIVE_INFINITY;
  const availability = new Map<string, Availability>(
    ids.map((id, index) => {
      const query = products[index];
      if (query?.data) return [id, { stock: query.data.stock }];
      // A failed read for another reason (offline) says nothing about the product: the order will check.
      if (isNotFound(query?.error)) return [id, 'gone'];
      return [id, undefined];
    }),
  );
  const gstRates = new Map<string, number>();
  ids.forEach((id, index) => {
    const rate = products[index]?.data?.gstRate;
    if (typeof rate === 'number') gstRates.set(id, rate);
  });
  const problems = new Map<string, LineProblem>();
  const limits = new Map<string, number>();
  for (const item of items) {
    const known = availability.get(item.id);
    const problem = lineProblem(items, item, known, cap);
    if (problem) problems.set(lineKey(item), problem);
    if (known && known !== 'gone') limits.set(lineKey(item), lineLimit(items, item, known.stock, cap));
  }
  return { problems, limits, hasProblems: problems.size > 0, gstRates };
}
