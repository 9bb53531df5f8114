import { useId } from 'react';
import { Checkbox, FormField, Input, Label, Textarea } from '@/components/ui';
import { useProductCategories } from '../api';
import { HindiTexts } from './HindiTexts';
import { LegalParticulars } from './LegalParticulars';
import { ParcelSize } from './ParcelSize';
import type { ProductFormApi } from './product-form-fields';

/** The product's details: title, SKU, stock, description, category and type, prices, legal particulars, hidden. */
export function DetailsSection({ form }: { form: ProductFormApi }) {
  const categories = useProductCategories();
  const categoryListId = useId();
  const { errors } = form.formState;
  return (
    <section aria-labelledby="product-details" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
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
          <Input id="product-stock" type="number" inputMode="numeric" min={0} step={1} {...form.register('stock')} />
        </FormField>
      </div>
      <FormField label="Description" htmlFor="product-description" error={errors.description?.message}>
        <Textarea id="product-description" rows={5} {...form.register('description')} />
      </FormField>
      <HindiTexts form={form} />
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
        <FormField label="Regular price" htmlFor="product-regular-price" error={errors.regularPrice?.message} required>
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
      <ParcelSize form={form} />
      <div className="flex items-start gap-2">
        <Checkbox id="product-hidden" className="mt-0.5" {...form.register('hidden')} />
        <div>
          <Label htmlFor="product-hidden">Hidden</Label>
          <p className="text-xs text-slate-500">A hidden product is kept but not shown or sold in the shop.</p>
        </div>
      </div>
    </section>
  );
}
