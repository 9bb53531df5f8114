import { COUNTRIES, GST_RATES } from '@netkart/contract';
import { useId } from 'react';
import { FormField, Input } from '@/components/ui';
import type { ProductFormApi } from './product-form-fields';

export /** The particulars a label and an invoice carry: HSN and GST rate, MRP, origin, maker or importer, net quantity. */
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
        label="BIS registration (R-number)"
        htmlFor="product-bis-registration"
        error={errors.bisRegistration?.message}
        description="R- followed by 8 digits, like R-41001234: required for chargers, power banks and adaptors sold under BIS's Compulsory Registration Scheme."
      >
        <Input id="product-bis-registration" autoComplete="off" {...form.register('bisRegistration')} />
      </FormField>
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
