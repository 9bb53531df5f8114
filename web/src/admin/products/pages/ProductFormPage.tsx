import type { AdminProduct, ProductRecord } from '@netkart/contract';
import { useState } from 'react';
import { type Control, type Path, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { ArrowLeft } from '@/components/icons';
import { Button, Skeleton } from '@/components/ui';
import { useMay } from '../../auth/session';
import { LoadProblem } from '../../components/LoadProblem';
import { isAdminApiError } from '../../lib/api-client';
import { contractResolver } from '../../lib/forms';
import { useTitle } from '../../lib/use-title';
import { useProduct, useSaveProduct } from '../api';
import { AttributesSection } from '../components/AttributesSection';
import { DetailsSection } from '../components/DetailsSection';
import { PicturesSection } from '../components/PicturesSection';
import {
  VariantsSection,
  type VariantsTable,
  variantsTableFromLists,
  variantsTableOf,
  variantsToSave,
} from '../components/VariantsSection';
import { emptyProduct, formFieldOf, type ProductFormValues, productFormSchema, toFormValues } from '../product-form';
import { productPath } from './ProductsPage';

/** /admin/products/new and /admin/products/:id: one form for a new product and an edit. */
export function ProductFormPage() {
  const { id } = useParams();
  const product = useProduct(id);
  useTitle(id === undefined ? 'New product' : product.data ? product.data.title : 'Product');

  if (id === undefined) return <ProductForm />;
  if (product.isPending) {
    return (
      <div role="status" aria-label="Loading the product" className="space-y-3">
        <Skeleton className="h-8 w-1/2" />
        <Skeleton className="h-96 w-full" />
      </div>
    );
  }
  if (!product.data) {
    return (
      <div className="space-y-4">
        <BackToProducts />
        <LoadProblem
          error={product.error ?? new Error('The product could not be read.')}
          onRetry={() => product.refetch()}
        />
      </div>
    );
  }
  // A new version (saved here, or reloaded) starts the form again from it.
  return <ProductForm key={product.data.updatedAt} product={product.data} onReload={() => product.refetch()} />;
}

function BackToProducts() {
  return (
    <Link to="/admin/products" className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700">
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      Products
    </Link>
  );
}

interface Problem {
  message: string;
  reload: boolean;
}

/** Every field the form shows, by the name a server message may give it. */
const FIELDS = [
  'title',
  'sku',
  'description',
  'category',
  'parentCategory',
  'regularPrice',
  'discountedPrice',
  'stock',
  'hidden',
  'images',
  'attributes',
  'hsn',
  'gstRate',
  'mrp',
  'countryOfOrigin',
  'manufacturer',
  'importer',
  'netQuantity',
  'bisRegistration',
  'weightGrams',
  'lengthCm',
  'breadthCm',
  'heightCm',
] as const;

function ProductForm({ product, onReload }: { product?: AdminProduct; onReload?: () => void }) {
  const navigate = useNavigate();
  const save = useSaveProduct(product?.id);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [schema] = useState(() => productFormSchema(product?.gender ?? null));
  const [variants, setVariants] = useState(() => variantsTableOf(product));
  const form = useForm<ProductFormValues, unknown, ProductRecord>({
    resolver: contractResolver(schema),
    defaultValues: product ? toFormValues(product) : emptyProduct,
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (record) => {
    setProblem(null);
    try {
      // The variants go with the product when it has or had any: a product without them is its own one.
      const withVariants =
        variants.names.length > 0 || (product?.variants?.length ?? 0) > 0
          ? variantsToSave(variants, product?.images ?? [])
          : {};
      const saved = await save.mutateAsync(
        product
          ? { product: record, updatedAt: product.updatedAt, stockSeen: product.stock, ...withVariants }
          : { product: record, ...withVariants },
      );
      toast.success(`${saved.title} saved.`);
      if (!product) navigate(productPath(saved.id), { replace: true });
    } catch (error) {
      if (!isAdminApiError(error)) throw error;
      if (error.status === 401) return;
      const field = formFieldOf(error.field);
      const known = field && FIELDS.some((name) => field === name || field.startsWith(`${name}.`));
      if (known && (error.status === 400 || error.status === 409 || error.status === 413)) {
        form.setError(
          field as Path<ProductFormValues>,
          { type: 'server', message: error.message },
          { shouldFocus: true },
        );
        // A stock that moved meanwhile: the form must be read again to save over it.
        if (error.status === 409) setProblem({ message: 'Reload to see the product as it is now.', reload: true });
        return;
      }
      setProblem({ message: error.message, reload: error.status === 409 || error.status === 404 });
    }
  });

  const title = product ? product.title : 'New product';
  const may = useMay('catalogue.change');
  return (
    <div className="space-y-5">
      <BackToProducts />
      <h1 className="text-2xl font-bold break-words text-slate-900">{title}</h1>
      <form onSubmit={submit} noValidate className="space-y-6">
        {problem ? (
          <div role="alert" className="space-y-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            <p>{problem.message}</p>
            {problem.reload && onReload ? (
              <Button variant="outline" size="sm" onClick={onReload}>
                Reload
              </Button>
            ) : null}
          </div>
        ) : null}

        {/* A role that may not change the catalogue reads the product: every field disabled, no Save. */}
        <fieldset disabled={!may} aria-label="The product" className="min-w-0 space-y-6">
          <DetailsSection form={form} />

          <AttributesSection form={form} />

          <FormVariants control={form.control} table={variants} onChange={setVariants} />

          <PicturesSection form={form} errors={errors} />
        </fieldset>

        <div className="flex flex-wrap gap-2">
          {may ? (
            <Button type="submit" disabled={save.isPending}>
              Save
            </Button>
          ) : null}
          <Link
            to="/admin/products"
            className="inline-flex min-h-11 items-center px-3 text-sm font-medium text-slate-700"
          >
            Cancel
          </Link>
        </div>
      </form>
    </div>
  );
}

/**
 * The variants table, and with sizes and colours but no variants in it, the variants a save makes,
 * shown before it. It alone follows the fields those are made of: typing elsewhere in the form does
 * not draw it again, nor the form on each of its keys.
 */
function FormVariants({
  control,
  table,
  onChange,
}: {
  control: Control<ProductFormValues, unknown, ProductRecord>;
  table: VariantsTable;
  onChange(next: VariantsTable): void;
}) {
  const [sku, stock, regularPrice, discountedPrice, mrp, attributes] = useWatch({
    control,
    name: ['sku', 'stock', 'regularPrice', 'discountedPrice', 'mrp', 'attributes'],
  });
  const fromLists = variantsTableFromLists({ sku, stock, regularPrice, discountedPrice, mrp, attributes });
  return <VariantsSection table={table} onChange={onChange} fromLists={fromLists} />;
}
