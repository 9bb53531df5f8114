import {
  type AdminPaymentSettings,
  PAYMENT_PROVIDERS,
  type PaymentProviderName,
  SavePaymentSettingsRequest,
} from '@store/contract';
import { useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button, FormField, Input, Select, Skeleton } from '@/components/ui';
import { LoadProblem } from '../../components/LoadProblem';
import { isAdminApiError } from '../../lib/api-client';
import { contractResolver } from '../../lib/forms';
import { usePaymentSettings, useSavePaymentSettings } from '../api';
import { FormProblem, Section } from './Section';

interface PaymentValues {
  provider: PaymentProviderName | '';
  upiVpa: string;
  upiPayee: string;
  payuKey: string;
  /** Never filled in: the server keeps the salt and says only whether it is set. */
  payuSalt: string;
  payuUrl: string;
}

const FIELDS = ['provider', 'upiVpa', 'upiPayee', 'payuKey', 'payuSalt', 'payuUrl'] as const;

const PROVIDER_NAMES: Record<PaymentProviderName, string> = {
  sandbox: 'Sandbox (test payments only)',
  upi: 'UPI transfer to your UPI id',
  payu: 'PayU',
};

const PROVIDER_NOTES: Record<PaymentProviderName, string> = {
  sandbox:
    'The sandbox is for testing only: no real money moves, every page of the shop says so, and its orders are left out of the figures.',
  upi: 'Shoppers pay by UPI to your UPI id; you confirm each payment by its UTR from your bank statement.',
  payu: "Shoppers pay on PayU's page; PayU tells the shop when the money arrived.",
};

const toValues = (settings: AdminPaymentSettings): PaymentValues => ({
  provider: settings.provider === 'none' ? '' : settings.provider,
  upiVpa: settings.upiVpa ?? '',
  upiPayee: settings.upiPayee ?? '',
  payuKey: settings.payuKey ?? '',
  payuSalt: '',
  payuUrl: settings.payuUrl ?? '',
});

export function PaymentsSection() {
  const settings = usePaymentSettings();
  return (
    <Section id="settings-payments" title="Payments">
      {settings.data ? (
        <PaymentsForm key={JSON.stringify(settings.data)} settings={settings.data} />
      ) : settings.isError ? (
        <LoadProblem error={settings.error} onRetry={() => settings.refetch()} />
      ) : (
        <Skeleton className="h-48 w-full" />
      )}
    </Section>
  );
}

function PaymentsForm({ settings }: { settings: AdminPaymentSettings }) {
  const save = useSavePaymentSettings();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<PaymentValues, unknown, SavePaymentSettingsRequest>({
    resolver: contractResolver(SavePaymentSettingsRequest),
    defaultValues: toValues(settings),
  });
  const { errors } = form.formState;
  const provider = form.watch('provider');

  const submit = form.handleSubmit(async (request) => {
    setProblem(null);
    try {
      await save.mutateAsync(request);
      toast.success('Payment settings saved.');
    } catch (error) {
      if (!isAdminApiError(error)) throw error;
      if (error.status === 401) return;
      if (error.field && (FIELDS as readonly string[]).includes(error.field)) {
        form.setError(
          error.field as Path<PaymentValues>,
          { type: 'server', message: error.message },
          { shouldFocus: true },
        );
      } else {
        setProblem(error.message);
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-slate-700">
        Now: {settings.provider === 'none' ? 'no online payment' : PROVIDER_NAMES[settings.provider]}
        {settings.mode === 'test' ? ' — test mode, no real money' : ''}.
      </p>
      {settings.fromEnvironment.length > 0 ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          The server’s environment sets {settings.fromEnvironment.join(', ')}: these override what is saved here.
        </p>
      ) : null}
      <FormField
        label="Provider"
        htmlFor="payments-provider"
        error={errors.provider?.message}
        description={provider ? PROVIDER_NOTES[provider] : undefined}
      >
        <Select id="payments-provider" {...form.register('provider')}>
          <option value="" disabled>
            Choose how shoppers pay
          </option>
          {PAYMENT_PROVIDERS.map((name) => (
            <option key={name} value={name}>
              {PROVIDER_NAMES[name]}
            </option>
          ))}
        </Select>
      </FormField>

      {provider === 'upi' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label="UPI id"
            htmlFor="payments-upi-vpa"
            error={errors.upiVpa?.message}
            description="Like netkart@okaxis."
          >
            <Input id="payments-upi-vpa" autoComplete="off" spellCheck={false} {...form.register('upiVpa')} />
          </FormField>
          <FormField label="Payee name" htmlFor="payments-upi-payee" error={errors.upiPayee?.message}>
            <Input id="payments-upi-payee" autoComplete="off" {...form.register('upiPayee')} />
          </FormField>
        </div>
      ) : null}

      {provider === 'payu' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="PayU key" htmlFor="payments-payu-key" error={errors.payuKey?.message}>
            <Input id="payments-payu-key" autoComplete="off" spellCheck={false} {...form.register('payuKey')} />
          </FormField>
          <FormField
            label="PayU salt"
            htmlFor="payments-payu-salt"
            error={errors.payuSalt?.message}
            description={settings.payuSaltSet ? 'Set — leave blank to keep.' : 'Not set yet.'}
          >
            <Input
              id="payments-payu-salt"
              type="password"
              autoComplete="new-password"
              spellCheck={false}
              {...form.register('payuSalt')}
            />
          </FormField>
          <FormField
            label="PayU URL"
            htmlFor="payments-payu-url"
            error={errors.payuUrl?.message}
            description="Test: https://test.payu.in/_payment · Live: https://secure.payu.in/_payment"
            className="sm:col-span-2"
          >
            <Input id="payments-payu-url" type="url" inputMode="url" autoComplete="off" {...form.register('payuUrl')} />
          </FormField>
        </div>
      ) : null}

      <FormProblem message={problem} />
      <Button type="submit" disabled={save.isPending}>
        Save payment settings
      </Button>
    </form>
  );
}
