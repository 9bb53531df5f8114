import { type AdminProduct, COUNTRIES, GST_RATES, type ProductRecord } from '@store/contract';
import { ArrowLeft, ArrowUpToLine, CirclePlus, ImagePlus, Trash } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { type FieldErrors, type Path, useFieldArray, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { Button, Checkbox, FormField, Input, Label, Skeleton, Textarea } from '@/components/ui';
import { LoadProblem } from '../../components/LoadProblem';
import { isAdminApiError } from '../../lib/api-client';
import { contractResolver } from '../../lib/forms';
import { useTitle } from '../../lib/use-title';
import { useProduct, useProductCategories, useSaveProduct, useUploadPicture } from '../api';
import {
  emptyProduct,
  formFieldOf,
  type ProductFormValues,
  pictureProblem,
  productFormSchema,
  toFormValues,
} from '../product-form';
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
] as const;

function ProductForm({ product, onReload }: { product?: AdminProduct; onReload?: () => void }) {
  const navigate = useNavigate();
  const save = useSaveProduct(product?.id);
  const categories = useProductCategories();
  const categoryListId = useId();
  const [problem, setProblem] = useState<Problem | null>(null);
  const [schema] = useState(() => productFormSchema(product?.gender ?? null));
  const form = useForm<ProductFormValues, unknown, ProductRecord>({
    resolver: contractResolver(schema),
    defaultValues: product ? toFormValues(product) : emptyProduct,
  });
  const { errors } = form.formState;
  const attributes = useFieldArray({ control: form.control, name: 'attributes' });

  const submit = form.handleSubmit(async (record) => {
    setProblem(null);
    try {
      const saved = await save.mutateAsync(
        product ? { product: record, updatedAt: product.updatedAt, stockSeen: product.stock } : { product: record },
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

        <section
          aria-labelledby="product-details"
          className="space-y-4 rounded-xl border border-slate-200 bg-white p-4"
        >
          <h2 id="product-details" className="text-lg font-semibold text-slate-900">
            Details
          </h2>
          <FormField label="Title" htmlFor="product-title" error={errors.title?.message} required>
            <Input id="product-title" {...form.register('title')} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="SKU" htmlFor="product-sku" error={errors.sku?.message} required>
              <Input
                id="product-sku"
                autoComplete="off"
                spellCheck={false}
                className="font-mono"
                {...form.register('sku')}
              />
            </FormField>
            <FormField label="Stock" htmlFor="product-stock" error={errors.stock?.message} required>
              <Input
                id="product-stock"
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                {...form.register('stock')}
              />
            </FormField>
          </div>
          <FormField label="Description" htmlFor="product-description" error={errors.description?.message}>
            <Textarea id="product-description" rows={5} {...form.register('description')} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Category" htmlFor="product-category" error={errors.category?.message} required>
              <Input id="product-category" list={categoryListId} autoComplete="off" {...form.register('category')} />
            </FormField>
            <datalist id={categoryListId}>
              {(categories.data ?? []).map((category) => (
                <option key={category} value={category} />
              ))}
            </datalist>
            <FormField
              label="Type"
              htmlFor="product-type"
              error={errors.parentCategory?.message}
              description="The group the category belongs to, like Networking. Optional."
            >
              <Input id="product-type" autoComplete="off" {...form.register('parentCategory')} />
            </FormField>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label="Regular price"
              htmlFor="product-regular-price"
              error={errors.regularPrice?.message}
              required
            >
              <Input id="product-regular-price" inputMode="decimal" {...form.register('regularPrice')} />
            </FormField>
            <FormField
              label="Discounted price"
              htmlFor="product-discounted-price"
              error={errors.discountedPrice?.message}
              description="What the shopper pays when it is on sale. Leave blank for no discount."
            >
              <Input id="product-discounted-price" inputMode="decimal" {...form.register('discountedPrice')} />
            </FormField>
          </div>
          <LegalParticulars form={form} />
          <div className="flex items-start gap-2">
            <Checkbox id="product-hidden" className="mt-0.5" {...form.register('hidden')} />
            <div>
              <Label htmlFor="product-hidden">Hidden</Label>
              <p className="text-xs text-slate-500">A hidden product is kept but not shown or sold in the shop.</p>
            </div>
          </div>
        </section>

        <section
          aria-labelledby="product-attributes"
          className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
        >
          <h2 id="product-attributes" className="text-lg font-semibold text-slate-900">
            Attributes
          </h2>
          <p className="text-sm text-slate-600">
            The shopper chooses a size from an attribute named Size, and a colour from one named Colours. Values are
            separated by commas: S, M, L.
          </p>
          {attributes.fields.length === 0 ? <p className="text-sm text-slate-600">No attributes.</p> : null}
          <ol className="space-y-3">
            {attributes.fields.map((field, index) => {
              const rowErrors = errors.attributes?.[index];
              const number = index + 1;
              return (
                <li
                  key={field.id}
                  className="grid gap-2 rounded-lg bg-slate-50 p-3 sm:grid-cols-[1fr_2fr_6rem_auto] sm:items-start"
                >
                  <FormField
                    label={`Name ${number}`}
                    htmlFor={`attribute-${field.id}-key`}
                    error={messageIn(rowErrors?.key)}
                  >
                    <Input id={`attribute-${field.id}-key`} {...form.register(`attributes.${index}.key`)} />
                  </FormField>
                  <FormField
                    label={`Values ${number}`}
                    htmlFor={`attribute-${field.id}-value`}
                    error={messageIn(rowErrors?.value)}
                  >
                    <Input id={`attribute-${field.id}-value`} {...form.register(`attributes.${index}.value`)} />
                  </FormField>
                  <FormField
                    label={`Unit ${number}`}
                    htmlFor={`attribute-${field.id}-unit`}
                    error={messageIn(rowErrors?.metricUnit)}
                  >
                    <Input id={`attribute-${field.id}-unit`} {...form.register(`attributes.${index}.metricUnit`)} />
                  </FormField>
                  <Button
                    variant="ghost"
                    className="text-red-700 sm:mt-6"
                    aria-label={`Remove attribute ${number}`}
                    onClick={() => attributes.remove(index)}
                  >
                    <Trash aria-hidden="true" className="h-4 w-4" />
                    <span className="sm:sr-only">Remove</span>
                  </Button>
                </li>
              );
            })}
          </ol>
          {messageIn(errors.attributes?.root ?? (errors.attributes as { message?: string } | undefined)) ? (
            <p role="alert" className="text-sm text-red-600">
              {messageIn(errors.attributes?.root ?? (errors.attributes as { message?: string } | undefined))}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              onClick={() => attributes.append({ key: '', value: '', metricUnit: '' })}
            >
              <CirclePlus aria-hidden="true" className="h-4 w-4" />
              Add attribute
            </Button>
            <Button
              variant="outline"
              size="sm"
              onClick={() => attributes.append({ key: 'Size', value: '', metricUnit: '' })}
            >
              <CirclePlus aria-hidden="true" className="h-4 w-4" />
              Add sizes
            </Button>
            <Button
              variant="outline"
              size="sm"
              onClick={() => attributes.append({ key: 'Colours', value: '', metricUnit: '' })}
            >
              <CirclePlus aria-hidden="true" className="h-4 w-4" />
              Add colours
            </Button>
          </div>
        </section>

        <Pictures form={form} errors={errors} />

        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending}>
            Save
          </Button>
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

/** The first message anywhere in a field's errors (an attribute's values may fail one by one). */
function messageIn(node: unknown): string | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const { message } = node as { message?: unknown };
  if (typeof message === 'string') return message;
  for (const [key, child] of Object.entries(node)) {
    if (key === 'ref') continue;
    const found = messageIn(child);
    if (found) return found;
  }
  return undefined;
}

type ProductFormApi = ReturnType<typeof useForm<ProductFormValues, unknown, ProductRecord>>;

/** The pictures: uploaded one at a time, checked in the browser first; the first is the main picture. */
function Pictures({ form, errors }: { form: ProductFormApi; errors: FieldErrors<ProductFormValues> }) {
  const pictures = useFieldArray({ control: form.control, name: 'images', keyName: 'key' });
  const upload = useUploadPicture();
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    setProblem(null);
    if (!file) return;
    const refused = pictureProblem(file);
    if (refused) {
      setProblem(refused);
      return;
    }
    try {
      const picture = await upload.mutateAsync(file);
      pictures.append({ url: picture.url, width: picture.width, height: picture.height });
    } catch (error) {
      if (!isAdminApiError(error)) throw error;
      if (error.status !== 401) setProblem(error.message);
    }
  };

  const listProblem = messageIn(errors.images);
  return (
    <section aria-labelledby="product-pictures" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="product-pictures" className="text-lg font-semibold text-slate-900">
        Pictures
      </h2>
      <p className="text-sm text-slate-600">The first picture is the main one. PNG, JPEG, WebP or AVIF, up to 5 MB.</p>
      {pictures.fields.length === 0 ? <p className="text-sm text-slate-600">No pictures.</p> : null}
      <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {pictures.fields.map((picture, index) => (
          <li key={picture.key} className="space-y-2 rounded-lg border border-slate-200 p-2">
            <img
              src={picture.url}
              alt={`Number ${index + 1}${index === 0 ? ', the main one' : ''}`}
              width={picture.width}
              height={picture.height}
              className="aspect-square w-full rounded bg-slate-100 object-contain"
            />
            <p className="text-xs text-slate-600">
              {index === 0 ? 'Main · ' : ''}
              {picture.width} × {picture.height}
            </p>
            <div className="flex flex-wrap gap-1">
              {index > 0 ? (
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Make picture ${index + 1} the main picture`}
                  onClick={() => pictures.move(index, 0)}
                >
                  <ArrowUpToLine aria-hidden="true" className="h-4 w-4" />
                  First
                </Button>
              ) : null}
              <Button
                variant="ghost"
                size="sm"
                className="text-red-700"
                aria-label={`Remove picture ${index + 1}`}
                onClick={() => pictures.remove(index)}
              >
                <Trash aria-hidden="true" className="h-4 w-4" />
                Remove
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <div className="space-y-1.5">
        <Label htmlFor={inputId} className="inline-flex items-center gap-2">
          <ImagePlus aria-hidden="true" className="h-4 w-4" />
          Add a picture
        </Label>
        <Input
          id={inputId}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/avif"
          className="py-2"
          disabled={upload.isPending}
          onChange={choose}
          aria-describedby={problem ? `${inputId}-problem` : undefined}
        />
        {upload.isPending ? <p className="text-sm text-slate-600">Uploading…</p> : null}
        {problem || listProblem ? (
          <p id={`${inputId}-problem`} role="alert" className="text-sm text-red-600">
            {problem ?? listProblem}
          </p>
        ) : null}
      </div>
    </section>
  );
}

/** The particulars a label and an invoice carry: HSN and GST rate, MRP, origin, maker or importer, net quantity. */
function LegalParticulars({ form }: { form: ProductFormApi }) {
  const { errors } = form.formState;
  const countryListId = useId();
  return (
    <fieldset className="space-y-4">
      <legend className="text-sm font-semibold text-slate-900">Legal particulars</legend>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField
          label="HSN code"
          htmlFor="product-hsn"
          error={errors.hsn?.message}
          description="4, 6 or 8 digits, like 8517."
        >
          <Input id="product-hsn" inputMode="numeric" autoComplete="off" {...form.register('hsn')} />
        </FormField>
        <FormField label="GST rate" htmlFor="product-gst-rate" error={errors.gstRate?.message}>
          <select
            id="product-gst-rate"
            className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm"
            {...form.register('gstRate')}
          >
            <option value="">Not set</option>
            {GST_RATES.map((rate) => (
              <option key={rate} value={String(rate)}>
                {rate}%
              </option>
            ))}
          </select>
        </FormField>
        <FormField
          label="MRP"
          htmlFor="product-mrp"
          error={errors.mrp?.message}
          description="In rupees, inclusive of all taxes; the price may not exceed it."
        >
          <Input id="product-mrp" inputMode="decimal" {...form.register('mrp')} />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Country of origin" htmlFor="product-country" error={errors.countryOfOrigin?.message}>
          <Input id="product-country" list={countryListId} autoComplete="off" {...form.register('countryOfOrigin')} />
          <datalist id={countryListId}>
            {COUNTRIES.map((country) => (
              <option key={country} value={country} />
            ))}
          </datalist>
        </FormField>
        <FormField
          label="Net quantity"
          htmlFor="product-net-quantity"
          error={errors.netQuantity?.message}
          description="Like 1 N (one piece)."
        >
          <Input id="product-net-quantity" autoComplete="off" {...form.register('netQuantity')} />
        </FormField>
      </div>
      <FormField
        label="Manufacturer"
        htmlFor="product-manufacturer"
        error={errors.manufacturer?.message}
        description="Name and address."
      >
        <Input id="product-manufacturer" autoComplete="off" {...form.register('manufacturer')} />
      </FormField>
      <FormField
        label="Importer"
        htmlFor="product-importer"
        error={errors.importer?.message}
        description="Name and address; required for goods made outside India."
      >
        <Input id="product-importer" autoComplete="off" {...form.register('importer')} />
      </FormField>
    </fieldset>
  );
}
