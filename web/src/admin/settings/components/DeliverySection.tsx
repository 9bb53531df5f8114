import { type AdminDeliverySettings, DeliveryRules, WEEKDAYS, type Weekday } from '@netkart/contract';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button, Checkbox, FormField, Input, Skeleton, Textarea } from '@/components/ui';
import { LoadProblem } from '../../components/LoadProblem';
import { isAdminApiError } from '../../lib/api-client';
import { useDeliverySettings, useSaveDeliverySettings } from '../shipping-api';
import { type Problems, problemAt, problemsOf } from './rule-problems';
import { FormProblem, Section } from './Section';

/** A zone as typed: lists are text, one entry per line or comma. */
interface ZoneValues {
  name: string;
  pincodes: string;
  prefixes: string;
  states: string;
  min: string;
  max: string;
}

interface DeliveryValues {
  serviceable: 'all' | 'zones';
  otherMin: string;
  otherMax: string;
  dispatchDays: Weekday[];
  cutoff: string;
  holidays: string;
  zones: ZoneValues[];
}

type Shown = AdminDeliverySettings['rules'];

const lines = (list: string[]) => list.join('\n');
const listOf = (text: string) =>
  text
    .split(/[\n,]+/)
    .map((each) => each.trim())
    .filter(Boolean);
const days = (typed: string): number | string => (/^\d+$/.test(typed.trim()) ? Number(typed.trim()) : typed.trim());

function toValues(rules: Shown): DeliveryValues {
  return {
    serviceable: rules.serviceable,
    otherMin: String(rules.otherTransitDays?.min ?? ''),
    otherMax: String(rules.otherTransitDays?.max ?? ''),
    dispatchDays: rules.dispatchDays,
    cutoff: rules.cutoff,
    holidays: lines(rules.holidays),
    zones: rules.zones.map((zone) => ({
      name: zone.name,
      pincodes: lines(zone.pincodes),
      prefixes: lines(zone.prefixes),
      states: lines(zone.states),
      min: String(zone.transitDays.min),
      max: String(zone.transitDays.max),
    })),
  };
}

/** What the form says, as the rules the server and `store delivery set --file` read. */
export function toRules(values: DeliveryValues): unknown {
  const hasOther = values.otherMin.trim() !== '' || values.otherMax.trim() !== '';
  return {
    serviceable: values.serviceable,
    zones: values.zones.map((zone) => ({
      name: zone.name,
      pincodes: listOf(zone.pincodes),
      prefixes: listOf(zone.prefixes),
      states: listOf(zone.states),
      transitDays: { min: days(zone.min), max: days(zone.max) },
    })),
    ...(values.serviceable === 'all' || hasOther
      ? { otherTransitDays: { min: days(values.otherMin), max: days(values.otherMax) } }
      : {}),
    dispatchDays: WEEKDAYS.filter((day) => values.dispatchDays.includes(day)),
    cutoff: values.cutoff,
    holidays: listOf(values.holidays),
  };
}

export function DeliverySection() {
  const settings = useDeliverySettings();
  return (
    <Section id="settings-delivery" title="Delivery">
      {settings.data ? (
        <DeliveryForm key={JSON.stringify(settings.data)} settings={settings.data} />
      ) : settings.isError ? (
        <LoadProblem error={settings.error} onRetry={() => settings.refetch()} />
      ) : (
        <Skeleton className="h-48 w-full" />
      )}
    </Section>
  );
}

function DeliveryForm({ settings }: { settings: AdminDeliverySettings }) {
  const save = useSaveDeliverySettings();
  const [values, setValues] = useState(() => toValues(settings.rules));
  const [problems, setProblems] = useState<Problems>({});
  const [problem, setProblem] = useState<string | null>(null);
  const change = (patch: Partial<DeliveryValues>) => setValues((before) => ({ ...before, ...patch }));
  const changeZone = (index: number, patch: Partial<ZoneValues>) =>
    change({ zones: values.zones.map((zone, at) => (at === index ? { ...zone, ...patch } : zone)) });

  const send = async (body: DeliveryRules | null, done: string) => {
    setProblem(null);
    try {
      await save.mutateAsync(body);
      toast.success(done);
    } catch (error) {
      if (!isAdminApiError(error)) throw error;
      if (error.status === 401) return;
      if (error.field) setProblems({ [error.field]: error.message });
      else setProblem(error.message);
    }
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const body = toRules(values);
    const checked = DeliveryRules.safeParse(body);
    setProblems(checked.success ? {} : problemsOf(checked.error));
    if (!checked.success) return;
    // Sent as typed (states as written): the server checks and names them again.
    await send(body as DeliveryRules, 'Delivery rules saved.');
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-slate-700">
        {settings.own ? 'Your delivery rules.' : 'The default rules: every PIN, dispatched Monday to Saturday.'}
      </p>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">Where the shop delivers</legend>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="delivery-serviceable"
            checked={values.serviceable === 'all'}
            onChange={() => change({ serviceable: 'all' })}
          />
          Deliver everywhere
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="delivery-serviceable"
            checked={values.serviceable === 'zones'}
            onChange={() => change({ serviceable: 'zones' })}
          />
          Only to the zones listed below
        </label>
      </fieldset>

      {values.serviceable === 'all' ? (
        <DaysPair
          id="delivery-other"
          label="Transit days to a PIN no zone lists"
          min={values.otherMin}
          max={values.otherMax}
          error={problemAt(problems, 'otherTransitDays')}
          onChange={(min, max) => change({ otherMin: min, otherMax: max })}
        />
      ) : null}

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">Dispatch days</legend>
        <div className="flex flex-wrap gap-3">
          {WEEKDAYS.map((day) => (
            <label key={day} htmlFor={`delivery-day-${day}`} className="flex items-center gap-1.5 text-sm">
              <Checkbox
                id={`delivery-day-${day}`}
                checked={values.dispatchDays.includes(day)}
                onChange={(event) =>
                  change({
                    dispatchDays: event.target.checked
                      ? [...values.dispatchDays, day]
                      : values.dispatchDays.filter((each) => each !== day),
                  })
                }
              />
              {day}
            </label>
          ))}
        </div>
        {problemAt(problems, 'dispatchDays') ? (
          <p role="alert" className="text-sm text-red-600">
            {problemAt(problems, 'dispatchDays')}
          </p>
        ) : null}
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Cut-off time (India time)"
          htmlFor="delivery-cutoff"
          error={problemAt(problems, 'cutoff')}
          description="Orders after it leave on the next dispatch day."
        >
          <Input
            id="delivery-cutoff"
            placeholder="14:00"
            value={values.cutoff}
            onChange={(event) => change({ cutoff: event.target.value })}
          />
        </FormField>
        <FormField
          label="Holidays"
          htmlFor="delivery-holidays"
          error={problemAt(problems, 'holidays')}
          description="One day a line, like 2026-12-25. Sundays are always skipped."
        >
          <Textarea
            id="delivery-holidays"
            rows={3}
            value={values.holidays}
            onChange={(event) => change({ holidays: event.target.value })}
          />
        </FormField>
      </div>

      <div className="space-y-3">
        <h3 className="text-sm font-medium text-slate-900">Zones</h3>
        {values.zones.length === 0 ? <p className="text-sm text-slate-600">No zones.</p> : null}
        {values.zones.map((zone, index) => (
          <ZoneFields
            // biome-ignore lint/suspicious/noArrayIndexKey: a zone is its place in the list (the first naming a PIN decides)
            key={index}
            zone={zone}
            index={index}
            problems={problems}
            onChange={(patch) => changeZone(index, patch)}
            onRemove={() => change({ zones: values.zones.filter((_, at) => at !== index) })}
          />
        ))}
        {problemAt(problems, 'zones') && !Object.keys(problems).some((path) => /^zones\.\d/.test(path)) ? (
          <p role="alert" className="text-sm text-red-600">
            {problemAt(problems, 'zones')}
          </p>
        ) : null}
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() =>
            change({
              zones: [...values.zones, { name: '', pincodes: '', prefixes: '', states: '', min: '', max: '' }],
            })
          }
        >
          Add a zone
        </Button>
      </div>

      <FormProblem message={problem ?? problems[''] ?? null} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          Save delivery rules
        </Button>
        {settings.own ? (
          <Button
            type="button"
            variant="outline"
            disabled={save.isPending}
            onClick={() => send(null, 'Back to the default delivery rules.')}
          >
            Use the default rules
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function ZoneFields({
  zone,
  index,
  problems,
  onChange,
  onRemove,
}: {
  zone: ZoneValues;
  index: number;
  problems: Problems;
  onChange: (patch: Partial<ZoneValues>) => void;
  onRemove: () => void;
}) {
  const id = `delivery-zone-${index}`;
  const at = (field: string) => problemAt(problems, `zones.${index}.${field}`);
  // A problem of the zone as a whole (no PIN, prefix or state at all).
  const whole = problems[`zones.${index}`];
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-900">Zone {index + 1}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Zone name" htmlFor={`${id}-name`} error={at('name')}>
          <Input id={`${id}-name`} value={zone.name} onChange={(event) => onChange({ name: event.target.value })} />
        </FormField>
        <DaysPair
          id={`${id}-transit`}
          label="Transit days"
          min={zone.min}
          max={zone.max}
          error={at('transitDays')}
          onChange={(min, max) => onChange({ min, max })}
        />
        <FormField label="PIN codes" htmlFor={`${id}-pincodes`} error={at('pincodes')} description="One a line.">
          <Textarea
            id={`${id}-pincodes`}
            rows={2}
            value={zone.pincodes}
            onChange={(event) => onChange({ pincodes: event.target.value })}
          />
        </FormField>
        <FormField
          label="PIN prefixes"
          htmlFor={`${id}-prefixes`}
          error={at('prefixes')}
          description="3 to 5 digits, like 560."
        >
          <Textarea
            id={`${id}-prefixes`}
            rows={2}
            value={zone.prefixes}
            onChange={(event) => onChange({ prefixes: event.target.value })}
          />
        </FormField>
        <FormField label="States" htmlFor={`${id}-states`} error={at('states')} description="As GST names them.">
          <Textarea
            id={`${id}-states`}
            rows={2}
            value={zone.states}
            onChange={(event) => onChange({ states: event.target.value })}
          />
        </FormField>
      </div>
      {whole ? (
        <p role="alert" className="text-sm text-red-600">
          {whole}
        </p>
      ) : null}
      <Button type="button" variant="ghost" size="sm" onClick={onRemove}>
        Remove zone {index + 1}
      </Button>
    </fieldset>
  );
}

function DaysPair({
  id,
  label,
  min,
  max,
  error,
  onChange,
}: {
  id: string;
  label: string;
  min: string;
  max: string;
  error: string | undefined;
  onChange: (min: string, max: string) => void;
}) {
  return (
    <fieldset className="space-y-1.5">
      <legend className="text-sm font-medium text-slate-900">{label}</legend>
      <div className="flex items-center gap-2">
        <Input
          id={`${id}-min`}
          aria-label={`${label}: at the soonest`}
          inputMode="numeric"
          className="w-20"
          value={min}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onChange(event.target.value, max)}
        />
        <span className="text-sm text-slate-600">to</span>
        <Input
          id={`${id}-max`}
          aria-label={`${label}: at the latest`}
          inputMode="numeric"
          className="w-20"
          value={max}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onChange(min, event.target.value)}
        />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
