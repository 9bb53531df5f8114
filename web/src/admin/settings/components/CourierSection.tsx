import type { AdminCourierSettings } from '@netkart/contract';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button, FormField, Input, Skeleton } from '@/components/ui';
import { LoadProblem } from '../../components/LoadProblem';
import { isAdminApiError } from '../../lib/api-client';
import { useCourierSettings, useRemoveCourierSettings, useSaveCourierSettings } from '../courier-api';
import { FormProblem, Section } from './Section';

/** The words each setting is shown with (the `store couriers set` flag is the fallback). */
const LABELS: Record<string, string> = {
  email: 'API user email',
  password: 'API user password',
  pickupLocation: 'Pickup location',
  webhookToken: 'Webhook token',
  parcelWeightKg: 'Parcel weight (kg)',
  parcelSizeCm: 'Parcel size (cm, L×B×H)',
};

/** The courier service that books, labels and tracks parcels (Shiprocket), as `store couriers set` keeps it. */
export function CourierSection() {
  const settings = useCourierSettings();
  return (
    <Section id="settings-couriers" title="Couriers">
      {settings.data ? (
        <CourierForm key={JSON.stringify(settings.data)} settings={settings.data} />
      ) : settings.isError ? (
        <LoadProblem error={settings.error} onRetry={() => settings.refetch()} />
      ) : (
        <Skeleton className="h-48 w-full" />
      )}
    </Section>
  );
}

function CourierForm({ settings }: { settings: AdminCourierSettings }) {
  const save = useSaveCourierSettings();
  const remove = useRemoveCourierSettings();
  const provider = settings.providers.find((each) => each.name === settings.provider) ?? settings.providers[0];
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries((provider?.fields ?? []).map((field) => [field.key, field.value ?? ''])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  if (!provider) return <p className="text-sm text-slate-600">The shop knows no courier service.</p>;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setErrors({});
    try {
      // A secret left empty keeps the one set; the server never sends it back.
      await save.mutateAsync({ provider: provider.name, settings: values });
      toast.success(`${provider.title} settings saved.`);
    } catch (error) {
      if (!isAdminApiError(error)) throw error;
      if (error.status === 401) return;
      const key = error.field?.replace(/^settings\./, '');
      if (error.status === 400 && key && provider.fields.some((field) => field.key === key)) {
        setErrors({ [key]: error.message });
      } else {
        setProblem(error.message);
      }
    }
  };

  const stop = async () => {
    setProblem(null);
    try {
      await remove.mutateAsync();
      toast.success('Orders are shipped by hand again.');
    } catch (error) {
      if (!isAdminApiError(error)) throw error;
      if (error.status !== 401) setProblem(error.message);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">
        {settings.provider
          ? `Paid orders can be shipped with ${provider.title}: it books the courier, makes the label and sends tracking back.`
          : `No courier service is set: orders are shipped by hand. Give your ${provider.title} API user to book through it.`}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {provider.fields.map((field) => {
          const id = `courier-${field.key}`;
          return (
            <FormField
              key={field.key}
              label={LABELS[field.key] ?? field.flag}
              htmlFor={id}
              error={errors[field.key]}
              description={
                field.secret && field.set
                  ? 'Set. Leave blank to keep it.'
                  : field.fallback
                    ? `Blank: ${field.fallback}.`
                    : undefined
              }
            >
              <Input
                id={id}
                type={field.secret ? 'password' : field.key === 'email' ? 'email' : 'text'}
                autoComplete={field.secret ? 'new-password' : 'off'}
                value={values[field.key] ?? ''}
                onChange={(event) => setValues((all) => ({ ...all, [field.key]: event.target.value }))}
              />
            </FormField>
          );
        })}
      </div>
      <p className="text-sm break-words text-slate-600">
        Tracking webhook address (in {provider.title}: Settings → API → Webhooks, with your token):{' '}
        <code className="font-mono">{settings.webhookUrl}</code>
      </p>
      <FormProblem message={problem} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          Save {provider.title} settings
        </Button>
        {settings.provider ? (
          <Button type="button" variant="outline" disabled={remove.isPending} onClick={stop}>
            Ship by hand only
          </Button>
        ) : null}
      </div>
    </form>
  );
}
