import { type Coupon, type CouponKind, type CreateCouponRequest, formatRupees, roleMay } from '@netkart/contract';
import { type FormEvent, useState } from 'react';
import { Button, Checkbox, EmptyState, FormField, Input, Select, Skeleton } from '@/components/ui';
import { useSession } from '../../auth/session';
import { AdminApiError } from '../../lib/api-client';
import { useTitle } from '../../lib/use-title';
import { useAddCoupon, useCouponList, useDisableCoupon } from '../api';

/** What a coupon gives, in one line: "10% off up to ₹200 · orders of ₹999 or more · prepaid only". */
function terms(coupon: Coupon): string {
  const off =
    coupon.kind === 'percent'
      ? `${coupon.percent}% off${coupon.maxDiscount === null ? '' : ` up to ${formatRupees(coupon.maxDiscount)}`}`
      : coupon.kind === 'flat'
        ? `${formatRupees(coupon.flat ?? 0)} off`
        : 'Free shipping';
  return [
    off,
    coupon.minOrder > 0 ? `orders of ${formatRupees(coupon.minOrder)} or more` : '',
    coupon.categories.length > 0 ? `only ${coupon.categories.join(', ')}` : '',
    coupon.prepaidOnly ? 'prepaid only' : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

const when = (coupon: Coupon) =>
  coupon.from || coupon.to ? `${coupon.from ?? 'now'} to ${coupon.to ?? 'no end'}` : 'No dates';

const uses = (coupon: Coupon) =>
  [
    coupon.limit === null ? `${coupon.used} used` : `${coupon.used} of ${coupon.limit} used`,
    coupon.perCustomer === null ? '' : `${coupon.perCustomer} per customer`,
  ]
    .filter(Boolean)
    .join(', ');

/** Coupons and automatic offers: added by the owner and catalogue staff, read by everyone who reads the catalogue. */
export default function CouponsPage() {
  useTitle('Coupons');
  const session = useSession();
  const mayChange = roleMay(session.role, 'catalogue.change');
  const list = useCouponList();
  const disable = useDisableCoupon();
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-slate-900">Coupons</h1>
      <p className="text-sm text-slate-600">
        A code shoppers type at the cart or checkout, or (without a code) an offer every order it fits gets. One per
        order; the limits hold however many order at once, and a cancelled order gives its use back.
      </p>
      {mayChange ? <AddCoupon /> : null}
      {disable.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {disable.error.message}
        </p>
      ) : null}
      {list.isError ? (
        <div role="alert" className="space-y-3 rounded-lg bg-red-50 p-4 text-sm text-red-800">
          <p>{list.error.message}</p>
          <Button variant="outline" size="sm" onClick={() => list.refetch()}>
            Try again
          </Button>
        </div>
      ) : !list.data ? (
        <div role="status" aria-label="Loading coupons">
          <Skeleton className="h-24 w-full" />
        </div>
      ) : list.data.data.length === 0 ? (
        <EmptyState title="No coupons yet" description="Coupons and offers you add show here." />
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Coupons and offers</caption>
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-3">
                Code
              </th>
              <th scope="col" className="py-2 pr-3">
                Gives
              </th>
              <th scope="col" className="py-2 pr-3">
                Dates (India time)
              </th>
              <th scope="col" className="py-2 pr-3">
                Uses
              </th>
              <th scope="col" className="py-2 pr-3">
                Status
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 bg-white">
            {list.data.data.map((coupon) => (
              <tr key={coupon.id}>
                <th scope="row" className="py-2 pr-3 font-semibold text-slate-900">
                  {coupon.code ?? 'Automatic offer'}
                </th>
                <td className="py-2 pr-3">{terms(coupon)}</td>
                <td className="py-2 pr-3">{when(coupon)}</td>
                <td className="py-2 pr-3">{uses(coupon)}</td>
                <td className="py-2 pr-3">
                  {coupon.disabled ? (
                    'Disabled'
                  ) : mayChange ? (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={disable.isPending}
                      onClick={() => disable.mutate(coupon.id)}
                      aria-label={`Disable ${coupon.code ?? 'automatic offer'}`}
                    >
                      Disable
                    </Button>
                  ) : (
                    'Active'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

const KINDS: { kind: CouponKind; label: string }[] = [
  { kind: 'percent', label: 'Percent off' },
  { kind: 'flat', label: 'Rupees off' },
  { kind: 'free-shipping', label: 'Free shipping' },
];

const numberOrNothing = (text: string) => (text.trim() === '' ? undefined : Number(text));

function AddCoupon() {
  const add = useAddCoupon();
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<CouponKind>('percent');
  const [percent, setPercent] = useState('');
  const [maxDiscount, setMaxDiscount] = useState('');
  const [flat, setFlat] = useState('');
  const [minOrder, setMinOrder] = useState('');
  const [limit, setLimit] = useState('');
  const [perCustomer, setPerCustomer] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [categories, setCategories] = useState('');
  const [prepaidOnly, setPrepaidOnly] = useState(false);
  const failed = add.error instanceof AdminApiError ? add.error : undefined;
  const errorFor = (field: string) => (failed?.field === field ? failed.message : undefined);
  const shownFields = [
    'code',
    'minOrder',
    'limit',
    'perCustomer',
    'from',
    'to',
    'categories',
    ...(kind === 'percent' ? ['percent', 'maxDiscount'] : []),
    ...(kind === 'flat' ? ['flat'] : []),
  ];
  const besideItsField = failed?.field !== undefined && shownFields.includes(failed.field);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const coupon: CreateCouponRequest = {
      ...(code.trim() ? { code: code.trim() } : {}),
      kind,
      ...(kind === 'percent' ? { percent: numberOrNothing(percent), maxDiscount: numberOrNothing(maxDiscount) } : {}),
      ...(kind === 'flat' ? { flat: numberOrNothing(flat) } : {}),
      ...(minOrder.trim() ? { minOrder: Number(minOrder) } : {}),
      limit: numberOrNothing(limit),
      perCustomer: numberOrNothing(perCustomer),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      categories: categories
        .split(',')
        .map((category) => category.trim())
        .filter(Boolean),
      prepaidOnly,
    };
    add.mutate(coupon, {
      onSuccess: () => {
        setCode('');
        setPercent('');
        setMaxDiscount('');
        setFlat('');
        setMinOrder('');
        setLimit('');
        setPerCustomer('');
        setFrom('');
        setTo('');
        setCategories('');
        setPrepaidOnly(false);
      },
    });
  };

  return (
    <form
      onSubmit={submit}
      aria-labelledby="add-coupon-heading"
      className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-slate-200"
    >
      <h2 id="add-coupon-heading" className="font-semibold text-slate-900">
        Add a coupon
      </h2>
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField label="Code" htmlFor="coupon-code" description="Blank: an automatic offer" error={errorFor('code')}>
          <Input id="coupon-code" value={code} maxLength={30} onChange={(event) => setCode(event.target.value)} />
        </FormField>
        <FormField label="Gives" htmlFor="coupon-kind">
          <Select id="coupon-kind" value={kind} onChange={(event) => setKind(event.target.value as CouponKind)}>
            {KINDS.map((option) => (
              <option key={option.kind} value={option.kind}>
                {option.label}
              </option>
            ))}
          </Select>
        </FormField>
        {kind === 'percent' ? (
          <>
            <FormField label="Percent" htmlFor="coupon-percent" error={errorFor('percent')}>
              <Input
                id="coupon-percent"
                inputMode="numeric"
                value={percent}
                onChange={(event) => setPercent(event.target.value)}
              />
            </FormField>
            <FormField label="Most off (₹)" htmlFor="coupon-max" error={errorFor('maxDiscount')}>
              <Input
                id="coupon-max"
                inputMode="decimal"
                value={maxDiscount}
                onChange={(event) => setMaxDiscount(event.target.value)}
              />
            </FormField>
          </>
        ) : null}
        {kind === 'flat' ? (
          <FormField label="Rupees off" htmlFor="coupon-flat" error={errorFor('flat')}>
            <Input
              id="coupon-flat"
              inputMode="decimal"
              value={flat}
              onChange={(event) => setFlat(event.target.value)}
            />
          </FormField>
        ) : null}
        <FormField label="Minimum order (₹)" htmlFor="coupon-min" error={errorFor('minOrder')}>
          <Input
            id="coupon-min"
            inputMode="decimal"
            value={minOrder}
            onChange={(event) => setMinOrder(event.target.value)}
          />
        </FormField>
        <FormField label="Orders in all" htmlFor="coupon-limit" description="Blank: no limit" error={errorFor('limit')}>
          <Input
            id="coupon-limit"
            inputMode="numeric"
            value={limit}
            onChange={(event) => setLimit(event.target.value)}
          />
        </FormField>
        <FormField
          label="Orders per customer"
          htmlFor="coupon-per-customer"
          description="Blank: no limit"
          error={errorFor('perCustomer')}
        >
          <Input
            id="coupon-per-customer"
            inputMode="numeric"
            value={perCustomer}
            onChange={(event) => setPerCustomer(event.target.value)}
          />
        </FormField>
        <FormField label="From" htmlFor="coupon-from" error={errorFor('from')}>
          <Input id="coupon-from" type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
        </FormField>
        <FormField label="To (last day)" htmlFor="coupon-to" error={errorFor('to')}>
          <Input id="coupon-to" type="date" value={to} onChange={(event) => setTo(event.target.value)} />
        </FormField>
        <FormField
          label="Only these categories"
          htmlFor="coupon-categories"
          description="Comma-separated; blank: all"
          error={errorFor('categories')}
        >
          <Input id="coupon-categories" value={categories} onChange={(event) => setCategories(event.target.value)} />
        </FormField>
      </div>
      <div className="flex items-center gap-2">
        <Checkbox
          id="coupon-prepaid"
          checked={prepaidOnly}
          onChange={(event) => setPrepaidOnly(event.target.checked)}
        />
        <label htmlFor="coupon-prepaid" className="text-sm text-slate-700">
          Prepaid orders only (not with cash on delivery)
        </label>
      </div>
      {failed && !besideItsField ? (
        <p role="alert" className="text-sm text-red-700">
          {failed.message}
        </p>
      ) : null}
      <Button type="submit" disabled={add.isPending}>
        Add coupon
      </Button>
    </form>
  );
}
