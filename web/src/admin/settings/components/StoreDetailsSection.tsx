import { type AdminStoreDetails, POLICY_SLUGS, type PolicySlug } from '@netkart/contract';
import { useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button, FormField, Input, Skeleton, Textarea } from '@/components/ui';
import { POLICY_TITLES } from '@/features/policies/policy';
import { LoadProblem } from '../../components/LoadProblem';
import { isAdminApiError } from '../../lib/api-client';
import { contractResolver } from '../../lib/forms';
import { useSaveStoreDetails, useStoreDetails } from '../api';
import { Policies } from './PolicyEditor';
import { FormProblem, Section } from './Section';
import { SellerParticulars } from './SellerParticulars';
import {
  type DetailsRequest,
  type DetailsValues,
  detailsSchema,
  formFieldOf,
  OFFICER_FIELDS,
  SELLER_FIELDS,
  TEXT_FIELDS,
  toValues,
} from './store-details-form';

export function StoreDetailsSection() {
  const details = useStoreDetails();
  return (
    <Section id="settings-store" title="Store details">
      {details.data ? (
        <DetailsForm key={JSON.stringify(details.data)} details={details.data} />
      ) : details.isError ? (
        <LoadProblem error={details.error} onRetry={() => details.refetch()} />
      ) : (
        <Skeleton className="h-64 w-full" />
      )}
    </Section>
  );
}

function DetailsForm({ details }: { details: AdminStoreDetails }) {
  const save = useSaveStoreDetails();
  const [problem, setProblem] = useState<string | null>(null);
  const [slug, setSlug] = useState<PolicySlug>('terms');
  const form = useForm<DetailsValues, unknown, DetailsRequest>({
    resolver: contractResolver(detailsSchema),
    defaultValues: toValues(details),
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (request) => {
    setProblem(null);
    // Only the policies that were edited: the others stay as they are.
    const policies = Object.fromEntries(
      Object.entries((request.policies ?? {}) as Record<string, string>).filter(
        ([name, html]) => html !== (details.policies[name] ?? ''),
      ),
    );
    try {
      const saved = await save.mutateAsync({ ...request, policies });
      if (saved.sanitised.length > 0) {
        const names = saved.sanitised.map((name) => POLICY_TITLES[name as PolicySlug] ?? name).join(', ');
        toast.warning(`Store details saved. Something unsafe was removed from: ${names}.`);
      } else {
        toast.success('Store details saved.');
      }
    } catch (error) {
      if (!isAdminApiError(error)) throw error;
      if (error.status === 401) return;
      const field = formFieldOf(error.field);
      const known = [
        ...TEXT_FIELDS,
        ...SELLER_FIELDS,
        ...Object.values(OFFICER_FIELDS),
        'categories',
        'bisCategories',
        'lowStockThreshold',
        'maxLineQuantity',
        'searchSynonyms',
        'host',
        'extraHosts',
      ] as string[];
      if (field && known.includes(field)) {
        form.setError(field as Path<DetailsValues>, { type: 'server', message: error.message }, { shouldFocus: true });
      } else if (field?.startsWith('policies.')) {
        const named = field.slice('policies.'.length) as PolicySlug;
        if ((POLICY_SLUGS as readonly string[]).includes(named)) setSlug(named);
        form.setError(`policies.${named}` as Path<DetailsValues>, { type: 'server', message: error.message });
      } else {
        setProblem(error.message);
      }
    }
  });

  const text = (field: (typeof TEXT_FIELDS)[number], label: string, multiline = false) => (
    <FormField label={label} htmlFor={`store-${field}`} error={errors[field]?.message}>
      {multiline ? (
        <Textarea id={`store-${field}`} rows={3} {...form.register(field)} />
      ) : (
        <Input
          id={`store-${field}`}
          type={field === 'companyEmail' ? 'email' : field === 'companyPhone' ? 'tel' : 'text'}
          {...form.register(field)}
        />
      )}
    </FormField>
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {text('storeName', 'Store name')}
        {text('companyName', 'Company name')}
        {text('companyEmail', 'Company email')}
        {text('companyPhone', 'Company phone')}
      </div>
      {text('companyAddress', 'Company address', true)}
      {text('description', 'Description', true)}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Categories"
          htmlFor="store-categories"
          error={errors.categories?.message}
          description="One per line, in the order the shop shows them."
        >
          <Textarea id="store-categories" rows={5} {...form.register('categories')} />
        </FormField>
        <FormField
          label="Low-stock line"
          htmlFor="store-low-stock"
          error={errors.lowStockThreshold?.message}
          description="A product with this many or fewer left is low on stock."
        >
          <Input
            id="store-low-stock"
            type="number"
            inputMode="numeric"
            min={0}
            {...form.register('lowStockThreshold')}
          />
        </FormField>
        <FormField
          label="Most of one product per order"
          htmlFor="store-max-line-quantity"
          error={errors.maxLineQuantity?.message}
          description="Shoppers can order at most this many of one product at once (1 to 99), so no one order holds your stock."
        >
          <Input
            id="store-max-line-quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={99}
            {...form.register('maxLineQuantity')}
          />
        </FormField>
      </div>

      <FormField
        label="BIS-notified categories"
        htmlFor="store-bisCategories"
        error={errors.bisCategories?.message}
        description="One per line: categories whose goods need a BIS registration (chargers, power banks, adaptors). An import refuses their products without an R-number."
      >
        <Textarea id="store-bisCategories" rows={3} {...form.register('bisCategories')} />
      </FormField>

      <FormField
        label="Search synonyms"
        htmlFor="store-searchSynonyms"
        error={errors.searchSynonyms?.message}
        description="One group per line, its words separated by commas (e.g. pendrive, thumb drive): a search for one finds products that say any of them."
      >
        <Textarea id="store-searchSynonyms" rows={4} spellCheck={false} {...form.register('searchSynonyms')} />
      </FormField>

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Host"
          htmlFor="store-host"
          error={errors.host?.message}
          description={`Emails, sitemaps and search engines link to ${details.publicOrigin}.`}
        >
          <Input id="store-host" spellCheck={false} autoCapitalize="none" {...form.register('host')} />
        </FormField>
        <FormField
          label="Extra hosts"
          htmlFor="store-extraHosts"
          error={errors.extraHosts?.message}
          description="Other hosts the shop answers to, one per line (e.g. the www. form)."
        >
          <Textarea id="store-extraHosts" rows={2} spellCheck={false} {...form.register('extraHosts')} />
        </FormField>
      </div>

      <SellerParticulars form={form} />

      <Policies form={form} slug={slug} onSlug={setSlug} />

      <FormProblem message={problem} />
      <Button type="submit" disabled={save.isPending}>
        Save store details
      </Button>
    </form>
  );
}
