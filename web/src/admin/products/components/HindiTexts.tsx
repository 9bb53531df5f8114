import { FormField, Input, Textarea } from '@/components/ui';
import type { ProductFormApi } from './product-form-fields';

/** The product's name and description in Hindi, for the shop's Hindi pages (blank: the English ones are shown). */
export function HindiTexts({ form }: { form: ProductFormApi }) {
  const { errors } = form.formState;
  return (
    <fieldset className="space-y-4">
      <legend className="text-sm font-semibold text-slate-900">In Hindi</legend>
      <FormField
        label="Hindi name"
        htmlFor="product-title-hi"
        error={errors.titleHi?.message}
        description="The title on the shop's Hindi pages, found by search too. Leave blank to show the English title."
      >
        <Input id="product-title-hi" lang="hi" autoComplete="off" {...form.register('titleHi')} />
      </FormField>
      <FormField
        label="Hindi description"
        htmlFor="product-description-hi"
        error={errors.descriptionHi?.message}
        description="Leave blank to show the English description."
      >
        <Textarea id="product-description-hi" lang="hi" rows={4} {...form.register('descriptionHi')} />
      </FormField>
    </fieldset>
  );
}
