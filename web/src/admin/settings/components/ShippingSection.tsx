import {
  type AdminShippingSettings,
  SHIPPING_ZONE_NAMES,
  SHIPPING_ZONES,
  ShippingRules,
  type ShippingRulesInput,
  type ShippingZone,
} from '@netkart/contract';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button, FormField, Input, Skeleton } from '@/components/ui';
import { LoadProblem } from '../../components/LoadProblem';
import { isAdminApiError } from '../../lib/api-client';
import { useSaveShippingSettings, useShippingSettings } from '../shipping-api';
import { type Problems, problemAt, problemsOf } from './rule-problems';
import { FormProblem, Section } from './Section';

/** One row of the table as typed: the slab's top weight and a price per zone, all text. */
interface SlabRow {
  upToGrams: string;
  prices: Record<ShippingZone, string>;
}

interface ShippingValues {
  freeFrom: string;
  defaultWeightGrams: string;
  originPincode: string;
  slabs: SlabRow[];
}

const sameForEveryZone = (price: string): Record<ShippingZone, string> =>
  Object.fromEntries(SHIPPING_ZONES.map((zone) => [zone, price])) as Record<ShippingZone, string>;

function toValues(rules: AdminShippingSettings['rules']): ShippingValues {
  if (!rules) {
    return {
      freeFrom: '',
      defaultWeightGrams: '500',
      originPincode: '',
      slabs: [{ upToGrams: '', prices: sameForEveryZone('') }],
    };
  }
  return {
    freeFrom: rules.freeFrom == null ? '' : String(rules.freeFrom),
    defaultWeightGrams: String(rules.defaultWeightGrams),
    originPincode: rules.originPincode ?? '',
    slabs: rules.slabs.map((slab) => ({
      upToGrams: slab.upToGrams === undefined ? '' : String(slab.upToGrams),
      prices:
        typeof slab.price === 'number'
          ? sameForEveryZone(String(slab.price))
          : (Object.fromEntries(SHIPPING_ZONES.map((zone) => [zone, String(slab.price[zone as never])])) as Record<
              ShippingZone,
              string
            >),
    })),
  };
}

/** Blank is "none"; anything else is a number for the schema to judge (text that is no number stays text). */
const numberOrText = (typed: string): number | string => {
  const trimmed = typed.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
};

/** What the form says, as the rules the server and `store shipping set --file` read. */
export function toRules(values: ShippingValues, keep: AdminShippingSettings['rules']): ShippingRulesInput {
  const slabs = values.slabs.map((row) => {
    const prices = SHIPPING_ZONES.map((zone) => numberOrText(row.prices[zone]));
    const price = prices.every((each) => each === prices[0])
      ? prices[0]
      : Object.fromEntries(SHIPPING_ZONES.map((zone, index) => [zone, prices[index]]));
    return { ...(row.upToGrams.trim() === '' ? {} : { upToGrams: numberOrText(row.upToGrams) }), price };
  });
  return {
    freeFrom: values.freeFrom.trim() === '' ? null : numberOrText(values.freeFrom),
    slabs,
    ...(values.defaultWeightGrams.trim() === '' ? {} : { defaultWeightGrams: numberOrText(values.defaultWeightGrams) }),
    ...(keep?.defaultDimensionsCm ? { defaultDimensionsCm: keep.defaultDimensionsCm } : {}),
    ...(values.originPincode.trim() === '' ? {} : { originPincode: values.originPincode.trim() }),
  } as ShippingRulesInput;
}

export function ShippingSection() {
  const settings = useShippingSettings();
  return (
    <Section id="settings-shipping" title="Shipping">
      {settings.data ? (
        <ShippingForm key={JSON.stringify(settings.data)} rules={settings.data.rules} />
      ) : settings.isError ? (
        <LoadProblem error={settings.error} onRetry={() => settings.refetch()} />
      ) : (
        <Skeleton className="h-48 w-full" />
      )}
    </Section>
  );
}

function ShippingForm({ rules }: { rules: AdminShippingSettings['rules'] }) {
  const save = useSaveShippingSettings();
  const [values, setValues] = useState(() => toValues(rules));
  const [problems, setProblems] = useState<Problems>({});
  const [problem, setProblem] = useState<string | null>(null);
  const change = (patch: Partial<ShippingValues>) => setValues((before) => ({ ...before, ...patch }));
  const changeSlab = (index: number, patch: Partial<SlabRow>) =>
    change({ slabs: values.slabs.map((row, at) => (at === index ? { ...row, ...patch } : row)) });

  const send = async (body: ShippingRulesInput | null, done: string) => {
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
    const body = toRules(values, rules);
    const checked = ShippingRules.safeParse(body);
    setProblems(checked.success ? {} : problemsOf(checked.error));
    if (!checked.success) return;
    await send(body, 'Shipping rules saved.');
  };

  const last = values.slabs.length - 1;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-slate-700">
        {rules
          ? 'Shoppers pay shipping by where the parcel goes and what it weighs (the greater of its weight and L×B×H/5000 kg), as couriers bill.'
          : 'No shipping rules: shipping is free.'}
      </p>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField
          label="Free shipping from (₹)"
          htmlFor="shipping-free-from"
          error={problemAt(problems, 'freeFrom')}
          description="Blank: never free."
        >
          <Input
            id="shipping-free-from"
            inputMode="decimal"
            value={values.freeFrom}
            onChange={(event) => change({ freeFrom: event.target.value })}
          />
        </FormField>
        <FormField
          label="Weight of a product without one (g)"
          htmlFor="shipping-default-weight"
          error={problemAt(problems, 'defaultWeightGrams')}
        >
          <Input
            id="shipping-default-weight"
            inputMode="numeric"
            value={values.defaultWeightGrams}
            onChange={(event) => change({ defaultWeightGrams: event.target.value })}
          />
        </FormField>
        <FormField
          label="Parcels leave from PIN"
          htmlFor="shipping-origin"
          error={problemAt(problems, 'originPincode')}
          description="Blank: the PIN in the company address."
        >
          <Input
            id="shipping-origin"
            inputMode="numeric"
            maxLength={6}
            value={values.originPincode}
            onChange={(event) => change({ originPincode: event.target.value })}
          />
        </FormField>
      </div>

      <div className="overflow-x-auto">
        <table className="w-full min-w-[40rem] text-sm">
          <caption className="mb-2 text-left text-slate-700">Price in ₹ by weight slab and zone</caption>
          <thead>
            <tr className="text-left text-slate-600">
              <th scope="col" className="pr-2 font-medium">
                Up to (g)
              </th>
              {SHIPPING_ZONES.map((zone) => (
                <th key={zone} scope="col" className="pr-2 font-medium">
                  {SHIPPING_ZONE_NAMES[zone]}
                </th>
              ))}
              <th scope="col">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {values.slabs.map((row, index) => (
              <SlabLine
                // biome-ignore lint/suspicious/noArrayIndexKey: the row is its place in the table
                key={index}
                row={row}
                index={index}
                isLast={index === last}
                problems={problems}
                onChange={(patch) => changeSlab(index, patch)}
                onRemove={
                  values.slabs.length > 1
                    ? () => change({ slabs: values.slabs.filter((_, at) => at !== index) })
                    : undefined
                }
              />
            ))}
          </tbody>
        </table>
        {problemAt(problems, 'slabs') && !Object.keys(problems).some((path) => /^slabs\.\d/.test(path)) ? (
          <p role="alert" className="text-sm text-red-600">
            {problemAt(problems, 'slabs')}
          </p>
        ) : null}
      </div>
      <Button
        type="button"
        variant="outline"
        size="sm"
        // The slab before it now needs its top weight: the form says so beside it until typed.
        onClick={() =>
          change({ slabs: [...values.slabs, { upToGrams: '', prices: { ...(values.slabs[last] as SlabRow).prices } }] })
        }
      >
        Add a heavier slab
      </Button>

      <FormProblem message={problem} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          Save shipping rules
        </Button>
        {rules ? (
          <Button
            type="button"
            variant="outline"
            disabled={save.isPending}
            onClick={() => send(null, 'Shipping is free.')}
          >
            Make shipping free
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function SlabLine({
  row,
  index,
  isLast,
  problems,
  onChange,
  onRemove,
}: {
  row: SlabRow;
  index: number;
  isLast: boolean;
  problems: Problems;
  onChange: (patch: Partial<SlabRow>) => void;
  onRemove: (() => void) | undefined;
}) {
  const weightProblem = problemAt(problems, `slabs.${index}.upToGrams`);
  const priceProblem = problemAt(problems, `slabs.${index}.price`);
  const weightId = `shipping-slab-${index}-weight`;
  return (
    <>
      <tr className="align-top">
        <td className="py-1 pr-2">
          <Input
            id={weightId}
            aria-label={`Slab ${index + 1}: up to grams`}
            inputMode="numeric"
            placeholder={isLast ? 'any heavier' : ''}
            value={row.upToGrams}
            aria-invalid={weightProblem ? true : undefined}
            aria-describedby={weightProblem ? `${weightId}-error` : undefined}
            onChange={(event) => onChange({ upToGrams: event.target.value })}
          />
        </td>
        {SHIPPING_ZONES.map((zone) => (
          <td key={zone} className="py-1 pr-2">
            <Input
              aria-label={`Slab ${index + 1}: ${SHIPPING_ZONE_NAMES[zone]} (₹)`}
              inputMode="decimal"
              value={row.prices[zone]}
              aria-invalid={priceProblem ? true : undefined}
              aria-describedby={priceProblem ? `shipping-slab-${index}-price-error` : undefined}
              onChange={(event) => onChange({ prices: { ...row.prices, [zone]: event.target.value } })}
            />
          </td>
        ))}
        <td className="py-1">
          {onRemove ? (
            <Button type="button" variant="ghost" size="sm" onClick={onRemove}>
              Remove<span className="sr-only"> slab {index + 1}</span>
            </Button>
          ) : null}
        </td>
      </tr>
      {weightProblem || priceProblem ? (
        <tr>
          <td colSpan={SHIPPING_ZONES.length + 2} className="pb-2">
            {weightProblem ? (
              <p id={`${weightId}-error`} role="alert" className="text-sm text-red-600">
                {weightProblem}
              </p>
            ) : null}
            {priceProblem ? (
              <p id={`shipping-slab-${index}-price-error`} role="alert" className="text-sm text-red-600">
                {priceProblem}
              </p>
            ) : null}
          </td>
        </tr>
      ) : null}
    </>
  );
}
