import {
  type AdminPaymentSettings,
  type PaymentProviderDescription,
  type PaymentSettingDescription,
  SavePaymentSettingsRequest,
} from '@netkart/contract';
import { useState } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button, FormField, Input, Select, Skeleton } from '@/components/ui';
import { LoadProblem } from '../../components/LoadProblem';
import { isAdminApiError } from '../../lib/api-client';
import { contractResolver } from '../../lib/forms';
import { usePaymentSettings, useSavePaymentSettings } from '../api';
import { FormProblem, Section } from './Section';

/** The provider and every provider's settings by key; a secret is never filled in (the server keeps it). */
type PaymentValues = Record<string, string>;

const settingKeys = (settings: AdminPaymentSettings) =>
  settings.providers.flatMap((provider) => provider.settings.map((setting) => setting.key));

function toValues(settings: AdminPaymentSettings): PaymentValues {
  const values: PaymentValues = { provider: settings.provider === 'none' ? '' : settings.provider };
  for (const provider of settings.providers) {
    for (const setting of provider.settings) {
      const value = settings[setting.key];
      values[setting.key] = setting.secret || typeof value !== 'string' ? '' : value;
    }
  }
  return values;
}

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
  const chosen = settings.providers.find((provider) => provider.name === form.watch('provider'));
  const current = settings.providers.find((provider) => provider.name === settings.provider);
  const fields = ['provider', ...settingKeys(settings)];

  const submit = form.handleSubmit(async (request) => {
    setProblem(null);
    try {
      await save.mutateAsync(request);
      toast.success('Payment settings saved.');
    } catch (error) {
      if (!isAdminApiError(error)) throw error;
      if (error.status === 401) return;
      if (error.field && fields.includes(error.field)) {
        form.setError(error.field, { type: 'server', message: error.message }, { shouldFocus: true });
      } else {
        setProblem(error.message);
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-slate-700">
        Now: {current ? current.title : 'no online payment'}
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
        description={chosen?.note}
      >
        <Select id="payments-provider" {...form.register('provider')}>
          <option value="" disabled>
            Choose how shoppers pay
          </option>
          {settings.providers.map((provider) => (
            <option key={provider.name} value={provider.name}>
              {provider.title}
            </option>
          ))}
        </Select>
      </FormField>

      {chosen && chosen.settings.length > 0 ? (
        <ProviderFields provider={chosen} settings={settings} form={form} />
      ) : null}

      <FormProblem message={problem} />
      <Button type="submit" disabled={save.isPending}>
        Save payment settings
      </Button>
    </form>
  );
}

/** The chosen provider's own settings, as the server describes them. */
function ProviderFields({
  provider,
  settings,
  form,
}: {
  provider: PaymentProviderDescription;
  settings: AdminPaymentSettings;
  form: UseFormReturn<PaymentValues, unknown, SavePaymentSettingsRequest>;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {provider.settings.map((setting) => (
        <SettingField
          key={setting.key}
          setting={setting}
          isSet={settings[`${setting.key}Set`] === true}
          error={form.formState.errors[setting.key]?.message}
          form={form}
        />
      ))}
    </div>
  );
}

function SettingField({
  setting,
  isSet,
  error,
  form,
}: {
  setting: PaymentSettingDescription;
  isSet: boolean;
  error: string | undefined;
  form: UseFormReturn<PaymentValues, unknown, SavePaymentSettingsRequest>;
}) {
  const id = `payments-${setting.key}`;
  const description = setting.secret ? (isSet ? 'Set — leave blank to keep.' : 'Not set yet.') : setting.hint;
  return (
    <FormField
      label={setting.label}
      htmlFor={id}
      error={error}
      description={description}
      className={setting.input === 'url' ? 'sm:col-span-2' : undefined}
    >
      <Input
        id={id}
        type={setting.secret ? 'password' : setting.input === 'url' ? 'url' : 'text'}
        inputMode={setting.input === 'url' ? 'url' : undefined}
        autoComplete={setting.secret ? 'new-password' : 'off'}
        spellCheck={false}
        {...form.register(setting.key)}
      />
    </FormField>
  );
}
