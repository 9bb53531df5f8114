import type { AdminCodRules, CodRules } from '@netkart/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button, Checkbox, FormField, Input, Label, Select, Skeleton, Textarea } from '@/components/ui';
import { LoadProblem } from '../../components/LoadProblem';
import { isAdminApiError } from '../../lib/api-client';
import { useCodRules, useSaveCodRules } from '../cod-api';
import { type CodValues, codFieldOf, codResolver, toCodValues } from './cod-form';
import { FormProblem, Section } from './Section';

/** Cash on delivery's rules: on or off, the order values it is offered for, its fee, where, and the cap per shopper. */
export function CodSection() {
  const rules = useCodRules();
  return (
    <Section id="settings-cod" title="Cash on delivery">
      {rules.data ? (
        <CodForm key={JSON.stringify(rules.data)} rules={rules.data} />
      ) : rules.isError ? (
        <LoadProblem error={rules.error} onRetry={() => rules.refetch()} />
      ) : (
        <Skeleton className="h-48 w-full" />
      )}
    </Section>
  );
}

function CodForm({ rules }: { rules: AdminCodRules }) {
  const save = useSaveCodRules();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<CodValues, unknown, CodRules>({ resolver: codResolver, defaultValues: toCodValues(rules) });
  const { errors } = form.formState;
  const feeKind = form.watch('feeKind');

  const submit = form.handleSubmit(async (request) => {
    setProblem(null);
    try {
      await save.mutateAsync(request);
      toast.success(request.enabled ? 'Cash on delivery rules saved.' : 'Cash on delivery is off.');
    } catch (error) {
      if (!isAdminApiError(error)) throw error;
      if (error.status === 401) return;
      if (error.status === 400 && error.field) {
        form.setError(codFieldOf(error.field), { type: 'server', message: error.message }, { shouldFocus: true });
      } else {
        setProblem(error.message);
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="flex items-start gap-2">
        <Checkbox id="cod-enabled" className="mt-0.5" {...form.register('enabled')} />
        <Label htmlFor="cod-enabled">Offer cash on delivery</Label>
      </div>
      <p className="text-sm text-slate-600">
        Shoppers confirm each COD order with a code sent to their phone before you ship it. Leave a field blank for no
        limit.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Minimum order (₹)" htmlFor="cod-min" error={errors.minOrder?.message}>
          <Input id="cod-min" inputMode="decimal" autoComplete="off" {...form.register('minOrder')} />
        </FormField>
        <FormField label="Maximum order (₹)" htmlFor="cod-max" error={errors.maxOrder?.message}>
          <Input id="cod-max" inputMode="decimal" autoComplete="off" {...form.register('maxOrder')} />
        </FormField>
        <FormField label="Fee" htmlFor="cod-fee-kind">
          <Select id="cod-fee-kind" {...form.register('feeKind')}>
            <option value="none">No fee</option>
            <option value="flat">Flat amount (₹)</option>
            <option value="percent">Percentage of the goods (%)</option>
          </Select>
        </FormField>
        {feeKind === 'none' ? null : (
          <FormField
            label={feeKind === 'flat' ? 'Fee (₹)' : 'Fee (%)'}
            htmlFor="cod-fee"
            error={errors.fee?.message}
            description="Tax included; shown as its own line from the cart on."
          >
            <Input id="cod-fee" inputMode="decimal" autoComplete="off" {...form.register('fee')} />
          </FormField>
        )}
      </div>
      <FormField
        label="Only to these PINs or PIN prefixes"
        htmlFor="cod-pincodes"
        error={errors.pincodes?.message}
        description="Separated by commas or spaces, e.g. 400001, 5600. Blank (and no states): everywhere."
      >
        <Textarea id="cod-pincodes" rows={2} {...form.register('pincodes')} />
      </FormField>
      <FormField
        label="Only in these states"
        htmlFor="cod-states"
        error={errors.states?.message}
        description="One state or union territory per line, e.g. Karnataka."
      >
        <Textarea id="cod-states" rows={3} {...form.register('states')} />
      </FormField>
      <FormField
        label="Unconfirmed COD orders per shopper, at most"
        htmlFor="cod-cap"
        error={errors.maxUnconfirmedPerShopper?.message}
        description="Blank: 2."
      >
        <Input id="cod-cap" inputMode="numeric" autoComplete="off" {...form.register('maxUnconfirmedPerShopper')} />
      </FormField>
      <FormProblem message={problem} />
      <Button type="submit" disabled={save.isPending}>
        Save cash on delivery
      </Button>
    </form>
  );
}
