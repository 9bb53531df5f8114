import { FormField, Input } from '@/components/ui';
import type { ProductFormApi } from './product-form-fields';

/** The packed parcel's weight and size, which the shipping charge is worked out from (blank: the store's default). */
export function ParcelSize({ form }: { form: ProductFormApi }) {
  const { errors } = form.formState;
  return (
    <fieldset className="space-y-4">
      <legend className="text-sm font-semibold text-slate-900">Parcel weight and size</legend>
      <div className="grid gap-4 sm:grid-cols-4">
        <FormField
          label="Weight (g)"
          htmlFor="product-weight"
          error={errors.weightGrams?.message}
          description="Packed, in grams."
        >
          <Input id="product-weight" inputMode="numeric" autoComplete="off" {...form.register('weightGrams')} />
        </FormField>
        <FormField label="Length (cm)" htmlFor="product-length" error={errors.lengthCm?.message}>
          <Input id="product-length" inputMode="numeric" autoComplete="off" {...form.register('lengthCm')} />
        </FormField>
        <FormField label="Breadth (cm)" htmlFor="product-breadth" error={errors.breadthCm?.message}>
          <Input id="product-breadth" inputMode="numeric" autoComplete="off" {...form.register('breadthCm')} />
        </FormField>
        <FormField label="Height (cm)" htmlFor="product-height" error={errors.heightCm?.message}>
          <Input id="product-height" inputMode="numeric" autoComplete="off" {...form.register('heightCm')} />
        </FormField>
      </div>
    </fieldset>
  );
}
