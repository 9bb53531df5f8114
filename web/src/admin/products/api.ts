import type {
  AdminProduct,
  AdminProductListResponse,
  CatalogueImportReport,
  SaveProductRequest,
  SetStockRequest,
  UploadedPicture,
} from '@netkart/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../auth/session';
import { adminRequest, isAdminApiError } from '../lib/api-client';
import { type ProductListState, toProductListQuery } from './list-state';

export const productsKey = ['admin', 'products'] as const;
export const productKey = (id: string) => ['admin', 'product', id] as const;

export function useProductList(state: ProductListState) {
  return useQuery({
    queryKey: [...productsKey, state],
    queryFn: ({ signal }) =>
      adminRequest<AdminProductListResponse>('/products', { query: toProductListQuery(state), signal }),
    placeholderData: keepPreviousData,
  });
}

export function useProduct(id: string | undefined) {
  return useQuery({
    queryKey: productKey(id ?? ''),
    queryFn: ({ signal }) => adminRequest<AdminProduct>(`/products/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== undefined,
    // The form keeps what is typed: no reading again behind it.
    refetchOnWindowFocus: false,
  });
}

/** Any change to a product: the lists, the home page's low stock and the product itself read again. */
function useProductsChanged() {
  const queryClient = useQueryClient();
  return (product?: AdminProduct) => {
    if (product) queryClient.setQueryData(productKey(product.id), product);
    void queryClient.invalidateQueries({ queryKey: productsKey });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] });
  };
}

export function useSetStock(id: string) {
  const { csrfToken } = useSession();
  const changed = useProductsChanged();
  return useMutation({
    mutationFn: (body: SetStockRequest) =>
      adminRequest<AdminProduct>(`/products/${encodeURIComponent(id)}/stock`, { method: 'POST', body, csrfToken }),
    onSuccess: (product) => changed(product),
    // The stock moved meanwhile: the table reads it again, so the next save names the stock as it is now.
    onError: (error) => {
      if (isAdminApiError(error) && error.status === 409) changed();
    },
  });
}

/** A new product (no id) or an edit naming the version it was made on. */
export function useSaveProduct(id: string | undefined) {
  const { csrfToken } = useSession();
  const changed = useProductsChanged();
  return useMutation({
    mutationFn: (body: SaveProductRequest) =>
      id === undefined
        ? adminRequest<AdminProduct>('/products', {
            method: 'POST',
            body: { product: body.product, options: body.options, variants: body.variants },
            csrfToken,
          })
        : adminRequest<AdminProduct>(`/products/${encodeURIComponent(id)}`, { method: 'PUT', body, csrfToken }),
    onSuccess: (product) => changed(product),
  });
}

export function useUploadPicture() {
  const { csrfToken } = useSession();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.set('file', file);
      return adminRequest<UploadedPicture>('/pictures', { method: 'POST', form, csrfToken });
    },
  });
}

export class ImportRefused extends Error {
  constructor(readonly report: CatalogueImportReport) {
    super('The file has problems: nothing was written.');
  }
}

/**
 * A catalogue file checked (dryRun) or imported. A refused import answers 400 with the same
 * report; it comes back as an ImportRefused carrying it.
 */
export function useImportCatalogue() {
  const { csrfToken } = useSession();
  const changed = useProductsChanged();
  return useMutation({
    mutationFn: async ({ file, dryRun }: { file: File; dryRun: boolean }) => {
      const form = new FormData();
      form.set('file', file);
      try {
        return await adminRequest<CatalogueImportReport>('/products/import', {
          method: 'POST',
          form,
          query: { dryRun: dryRun ? 'true' : undefined },
          csrfToken,
        });
      } catch (error) {
        const report = isAdminApiError(error) && error.status === 400 ? error.body : null;
        if (report && typeof report === 'object' && Array.isArray((report as CatalogueImportReport).problems)) {
          throw new ImportRefused(report as CatalogueImportReport);
        }
        throw error;
      }
    },
    onSuccess: (report) => {
      if (report.written) changed();
    },
  });
}

/** The categories the store's products are in, for the form's suggestions. */
export function useProductCategories() {
  return useQuery({
    queryKey: [...productsKey, 'categories'],
    queryFn: ({ signal }) =>
      adminRequest<AdminProductListResponse>('/products', { query: { limit: 1 }, signal }).then(
        (list) => list.categories,
      ),
    staleTime: 60_000,
  });
}
