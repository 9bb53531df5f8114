import { FormField, Input } from '@/components/ui';
import type { DetailsForm, DetailsValues } from './store-details-form';

export /** The seller's legal particulars: shown to shoppers, and printed on invoices. */
function SellerParticulars({ form }: { form: DetailsForm }) {
  const { errors } = form.formState;
  const field = (name: keyof DetailsValues & string, label: string, description?: string, type = 'text') => (
    <FormField
      label={label}
      htmlFor={`store-${name}`}
      error={errors[name]?.message as string | undefined}
      description={description}
    >
      <Input id={`store-${name}`} type={type} autoComplete="off" {...form.register(name)} />
    </FormField>
  );
  return (
    <fieldset className="space-y-4">
      <legend className="text-sm font-semibold text-slate-900">Seller's particulars</legend>
      <div className="grid gap-4 sm:grid-cols-3">
        {field('legalName', 'Legal name', 'As registered; blank: the company name.')}
        {field('gstin', 'GSTIN', 'Blank: not registered for GST (receipts instead of tax invoices).')}
        {field('invoicePrefix', 'Invoice prefix', '1 to 3 letters or digits; blank: from the store name.')}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {field('officerName', 'Grievance officer')}
        {field('officerDesignation', 'Designation')}
        {field('officerEmail', 'Grievance officer email', undefined, 'email')}
        {field('officerPhone', 'Grievance officer phone', undefined, 'tel')}
      </div>
    </fieldset>
  );
}
