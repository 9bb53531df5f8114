import { type AdminStoreDetails, POLICY_SLUGS, type PolicySlug, SaveStoreDetailsRequest } from '@store/contract';
import { useEffect, useRef, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button, FormField, Input, Select, Skeleton, Textarea } from '@/components/ui';
import { POLICY_TITLES, sanitizeStoreHtml } from '@/features/policies/policy';
import { LoadProblem } from '../../components/LoadProblem';
import { isAdminApiError } from '../../lib/api-client';
import { contractResolver } from '../../lib/forms';
import { usePolicyPreview, useSaveStoreDetails, useStoreDetails } from '../api';
import { FormProblem, Section } from './Section';

interface DetailsValues {
  storeName: string;
  companyName: string;
  companyAddress: string;
  companyEmail: string;
  companyPhone: string;
  description: string;
  /** One per line. */
  categories: string;
  lowStockThreshold: string;
  policies: Record<PolicySlug, string>;
  legalName: string;
  gstin: string;
  invoicePrefix: string;
  officerName: string;
  officerDesignation: string;
  officerEmail: string;
  officerPhone: string;
  /** One group per line, its words separated by commas. */
  searchSynonyms: string;
}

/** The seller's particulars: blank removes one (no GSTIN: not registered for GST). */
const SELLER_FIELDS = ['legalName', 'gstin', 'invoicePrefix'] as const;
const OFFICER_FIELDS = {
  name: 'officerName',
  designation: 'officerDesignation',
  email: 'officerEmail',
  phone: 'officerPhone',
} as const;

/** The form field a server message names: 'grievanceOfficer.email' → 'officerEmail'. */
function formFieldOf(field: string | undefined): string | undefined {
  if (field === 'grievanceOfficer') return 'officerName';
  const part = field?.startsWith('grievanceOfficer.') ? field.slice('grievanceOfficer.'.length) : undefined;
  if (part) return OFFICER_FIELDS[part as keyof typeof OFFICER_FIELDS];
  return field?.replace(/^(categories|searchSynonyms)(\.\d+)+$/, '$1');
}

const TEXT_FIELDS = [
  'storeName',
  'companyName',
  'companyAddress',
  'companyEmail',
  'companyPhone',
  'description',
] as const;

function toValues(details: AdminStoreDetails): DetailsValues {
  return {
    storeName: details.storeName,
    companyName: details.companyName,
    companyAddress: details.companyAddress,
    companyEmail: details.companyEmail,
    companyPhone: details.companyPhone,
    description: details.description,
    categories: details.categories.join('\n'),
    lowStockThreshold: String(details.lowStockThreshold),
    policies: Object.fromEntries(POLICY_SLUGS.map((slug) => [slug, details.policies[slug] ?? ''])) as Record<
      PolicySlug,
      string
    >,
    legalName: details.legalName ?? '',
    gstin: details.gstin ?? '',
    invoicePrefix: details.invoicePrefix ?? '',
    officerName: details.grievanceOfficer?.name ?? '',
    officerDesignation: details.grievanceOfficer?.designation ?? '',
    officerEmail: details.grievanceOfficer?.email ?? '',
    officerPhone: details.grievanceOfficer?.phone ?? '',
    searchSynonyms: (details.searchSynonyms ?? []).map((group) => group.join(', ')).join('\n'),
  };
}

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** "pendrive, thumb drive" per line → [["pendrive", "thumb drive"]]; none → null (removes them). */
function synonymGroupsOf(text: string): string[][] | null {
  const groups = linesOf(text).map((line) =>
    line
      .split(',')
      .map((word) => word.trim())
      .filter((word) => word !== ''),
  );
  return groups.length ? groups : null;
}

/** The request for what the form holds: the contract checks the low-stock line; the server checks the rest. */
const detailsSchema = z.preprocess((input) => {
  const values = input as DetailsValues;
  return {
    ...Object.fromEntries(TEXT_FIELDS.map((field) => [field, values[field]])),
    categories: linesOf(values.categories),
    lowStockThreshold: values.lowStockThreshold.trim() === '' ? undefined : Number(values.lowStockThreshold),
    policies: values.policies,
    ...Object.fromEntries(SELLER_FIELDS.map((field) => [field, values[field].trim() || null])),
    grievanceOfficer: Object.values(OFFICER_FIELDS).every((field) => values[field].trim() === '')
      ? null
      : Object.fromEntries(Object.entries(OFFICER_FIELDS).map(([key, field]) => [key, values[field]])),
    searchSynonyms: synonymGroupsOf(values.searchSynonyms),
  };
}, SaveStoreDetailsRequest);

type DetailsRequest = z.output<typeof SaveStoreDetailsRequest>;

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
        'lowStockThreshold',
        'searchSynonyms',
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
      </div>

      <FormField
        label="Search synonyms"
        htmlFor="store-searchSynonyms"
        error={errors.searchSynonyms?.message}
        description="One group per line, its words separated by commas (e.g. pendrive, thumb drive): a search for one finds products that say any of them."
      >
        <Textarea id="store-searchSynonyms" rows={4} spellCheck={false} {...form.register('searchSynonyms')} />
      </FormField>

      <SellerParticulars form={form} />

      <Policies form={form} slug={slug} onSlug={setSlug} />

      <FormProblem message={problem} />
      <Button type="submit" disabled={save.isPending}>
        Save store details
      </Button>
    </form>
  );
}

/** The seller's legal particulars: shown to shoppers, and printed on invoices. */
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

type DetailsForm = ReturnType<typeof useForm<DetailsValues, unknown, DetailsRequest>>;

/** One policy at a time: its HTML, and a preview as the shop will show it once the server has cleaned it. */
function Policies({ form, slug, onSlug }: { form: DetailsForm; slug: PolicySlug; onSlug: (slug: PolicySlug) => void }) {
  const preview = usePolicyPreview();
  const [shown, setShown] = useState<{ slug: PolicySlug; html: string; changed: boolean } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const error = form.formState.errors.policies?.[slug]?.message;

  const show = async () => {
    setProblem(null);
    try {
      const answer = await preview.mutateAsync(form.getValues(`policies.${slug}`));
      setShown({ slug, html: sanitizeStoreHtml(answer.html), changed: answer.changed });
    } catch (failure) {
      if (!isAdminApiError(failure)) throw failure;
      if (failure.status !== 401) setProblem(failure.message);
    }
  };

  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-900">Policies</legend>
      <FormField label="Policy" htmlFor="store-policy">
        <Select
          id="store-policy"
          value={slug}
          onChange={(event) => {
            onSlug(event.target.value as PolicySlug);
            setShown(null);
          }}
        >
          {POLICY_SLUGS.map((name) => (
            <option key={name} value={name}>
              {POLICY_TITLES[name]}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField
        label={`${POLICY_TITLES[slug]} (HTML)`}
        htmlFor={`store-policy-${slug}`}
        error={error}
        description="Headings, paragraphs, lists and links. Left empty, the shop shows its own standard text."
      >
        <Textarea
          key={slug}
          id={`store-policy-${slug}`}
          rows={10}
          spellCheck={false}
          className="font-mono text-sm"
          {...form.register(`policies.${slug}`)}
        />
      </FormField>
      <Button variant="outline" onClick={show} disabled={preview.isPending}>
        Preview
      </Button>
      <FormProblem message={problem} />
      {shown && shown.slug === slug ? (
        <div className="space-y-2">
          {shown.changed ? (
            <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
              Something unsafe (a script, an event handler, a style …) was removed: the shop will show it as below.
            </p>
          ) : null}
          <section aria-label="Preview" className="rounded-lg border border-dashed border-slate-300 p-3">
            <PreviewHtml html={shown.html} />
          </section>
        </div>
      ) : null}
    </fieldset>
  );
}

/** The policy as the shop renders it: sanitised by the server, then by DOMPurify as the shop does. */
function PreviewHtml({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.innerHTML = html;
  }, [html]);
  return <div ref={ref} className="prose-store" />;
}
