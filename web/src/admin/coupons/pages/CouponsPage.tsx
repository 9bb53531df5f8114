import {
  type AdminProductSummary,
  type Coupon,
  type CouponKind,
  CreateCouponRequest,
  formatRupees,
  roleMay,
} from '@netkart/contract';
import { type FormEvent, useState } from 'react';
import {
  Badge,
  type BadgeTone,
  Button,
  Checkbox,
  EmptyState,
  FormField,
  Input,
  Select,
  Skeleton,
} from '@/components/ui';
import { useSession } from '../../auth/session';
import { AdminApiError } from '../../lib/api-client';
import { useTitle } from '../../lib/use-title';
import { useProductCategories } from '../../products/api';
import { useAddCoupon, useCouponList, useDisableCoupon, useProductSearch } from '../api';

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
    coupon.productIds.length > 0
      ? `only ${coupon.productIds.length} ${coupon.productIds.length === 1 ? 'product' : 'products'}`
      : '',
    coupon.prepaidOnly ? 'prepaid only' : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

const when = (coupon: Coupon) =>
  coupon.from || coupon.to ? `${coupon.from ?? 'now'} to ${coupon.to ?? 'no end'}` : 'No dates';

/** Today in India, YYYY-MM-DD: a coupon's days are India-time days, both ends included. */
const todayInIndia = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

type CouponState = 'Scheduled' | 'Live' | 'Ended' | 'Used up' | 'Disabled';
const STATE_TONE: Record<CouponState, BadgeTone> = {
  Scheduled: 'blue',
  Live: 'green',
  Ended: 'grey',
  'Used up': 'yellow',
  Disabled: 'red',
};

/** Where a coupon stands today; the first that holds of disabled, ended, used up, not started yet. */
function couponState(coupon: Coupon, today = todayInIndia()): CouponState {
  if (coupon.disabled) return 'Disabled';
  if (coupon.to && today > coupon.to) return 'Ended';
  if (coupon.limit !== null && coupon.used >= coupon.limit) return 'Used up';
  if (coupon.from && today < coupon.from) return 'Scheduled';
  return 'Live';
}

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
                State
              </th>
              {mayChange ? (
                <th scope="col" className="py-2 pr-3">
                  <span className="sr-only">Actions</span>
                </th>
              ) : null}
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
                  <Badge tone={STATE_TONE[couponState(coupon)]}>{couponState(coupon)}</Badge>
                </td>
                {mayChange ? (
                  <td className="py-2 pr-3">
                    {coupon.disabled ? null : (
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={disable.isPending}
                        onClick={() => disable.mutate(coupon.id)}
                        aria-label={`Disable ${coupon.code ?? 'automatic offer'}`}
                      >
                        Disable
                      </Button>
                    )}
                  </td>
                ) : null}
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

/** A typed number, or nothing when blank; text that is no number stays NaN for the coupon's checks to name. */
const numberOrNothing = (text: string) => (text.trim() === '' ? undefined : Number(text));

const CODE_OR_OFFER = 'Type the code shoppers will enter (like DIWALI10), or choose an automatic offer.';

type Problems = Partial<Record<string, string>>;

/** Each field's first message from the contract's own checks: the same words the server would answer. */
function problemsOf(request: CreateCouponRequest, wantsCode: boolean): Problems {
  const problems: Problems = {};
  if (wantsCode && !request.code) problems.code = CODE_OR_OFFER;
  // The contract checks these across fields only once every field is well formed; said at once here.
  if (request.kind === 'percent' && request.percent === undefined) problems.percent = 'A percent coupon needs percent.';
  if (request.kind === 'flat' && request.flat === undefined) problems.flat = 'A flat coupon needs flat (rupees off).';
  if (request.from && request.to && request.to < request.from) problems.to = 'to must not be before from.';
  const checked = CreateCouponRequest.safeParse(request);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const field = String(issue.path[0] ?? 'form');
      problems[field] ??= issue.message;
    }
  }
  return problems;
}

type ChosenProduct = Pick<AdminProductSummary, 'id' | 'sku' | 'title'>;

function AddCoupon() {
  const add = useAddCoupon();
  const storeCategories = useProductCategories();
  const [wantsCode, setWantsCode] = useState(true);
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
  const [categories, setCategories] = useState<string[]>([]);
  const [products, setProducts] = useState<ChosenProduct[]>([]);
  const [prepaidOnly, setPrepaidOnly] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const failed = add.error instanceof AdminApiError ? add.error : undefined;
  const errorFor = (field: string) => problems[field] ?? (failed?.field === field ? failed.message : undefined);
  const shownFields = [
    ...(wantsCode ? ['code'] : []),
    'minOrder',
    'limit',
    'perCustomer',
    'from',
    'to',
    'categories',
    'productIds',
    ...(kind === 'percent' ? ['percent', 'maxDiscount'] : []),
    ...(kind === 'flat' ? ['flat'] : []),
  ];
  const besideItsField = failed?.field !== undefined && shownFields.includes(failed.field);
  const unplaced = Object.entries(problems).filter(([field]) => !shownFields.includes(field));

  // Another kind or way of getting it shows other fields: the last round's messages no longer fit.
  const choose = (change: () => void) => {
    change();
    setProblems({});
    add.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const coupon: CreateCouponRequest = {
      ...(wantsCode && code.trim() ? { code: code.trim() } : {}),
      kind,
      ...(kind === 'percent' ? { percent: numberOrNothing(percent), maxDiscount: numberOrNothing(maxDiscount) } : {}),
      ...(kind === 'flat' ? { flat: numberOrNothing(flat) } : {}),
      ...(minOrder.trim() ? { minOrder: Number(minOrder) } : {}),
      limit: numberOrNothing(limit),
      perCustomer: numberOrNothing(perCustomer),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      categories,
      ...(products.length > 0 ? { productIds: products.map((product) => product.id) } : {}),
      prepaidOnly,
    };
    const found = problemsOf(coupon, wantsCode);
    setProblems(found);
    add.reset();
    if (Object.keys(found).length > 0) return;
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
        setCategories([]);
        setProducts([]);
        setPrepaidOnly(false);
      },
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="add-coupon-heading"
      className="space-y-4 rounded-xl bg-white p-4 ring-1 ring-slate-200"
    >
      <h2 id="add-coupon-heading" className="font-semibold text-slate-900">
        Add a coupon
      </h2>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">How shoppers get it</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="coupon-how" checked={wantsCode} onChange={() => choose(() => setWantsCode(true))} />
          A code shoppers type at the cart or checkout
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="coupon-how"
            checked={!wantsCode}
            onChange={() => choose(() => setWantsCode(false))}
          />
          An automatic offer: every order it fits gets it, no code
        </label>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-3">
        {wantsCode ? (
          <FormField
            label="Code"
            htmlFor="coupon-code"
            description="Letters, digits, - or _; any case"
            error={errorFor('code')}
          >
            <Input id="coupon-code" value={code} maxLength={30} onChange={(event) => setCode(event.target.value)} />
          </FormField>
        ) : null}
        <FormField label="Gives" htmlFor="coupon-kind">
          <Select
            id="coupon-kind"
            value={kind}
            onChange={(event) => choose(() => setKind(event.target.value as CouponKind))}
          >
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
            <FormField
              label="Most off (₹)"
              htmlFor="coupon-max"
              description="Blank: no cap"
              error={errorFor('maxDiscount')}
            >
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
        <FormField
          label="Minimum order (₹)"
          htmlFor="coupon-min"
          description="The items, GST included"
          error={errorFor('minOrder')}
        >
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
        <FormField label="From" htmlFor="coupon-from" description="India time; blank: now" error={errorFor('from')}>
          <Input id="coupon-from" type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
        </FormField>
        <FormField label="To (last day)" htmlFor="coupon-to" description="Blank: no end" error={errorFor('to')}>
          <Input id="coupon-to" type="date" value={to} onChange={(event) => setTo(event.target.value)} />
        </FormField>
      </div>
      <fieldset className="space-y-2" aria-describedby="coupon-categories-help">
        <legend className="text-sm font-medium text-slate-900">Only these categories</legend>
        <p id="coupon-categories-help" className="text-sm text-slate-600">
          None ticked: every category. A category covers its subcategories' products.
        </p>
        {storeCategories.data && storeCategories.data.length > 0 ? (
          <div className="flex max-h-40 flex-wrap gap-x-4 gap-y-1 overflow-y-auto">
            {storeCategories.data.map((category, index) => (
              <div key={category} className="flex items-center gap-2 text-sm">
                <Checkbox
                  id={`coupon-category-${index}`}
                  checked={categories.includes(category)}
                  onChange={(event) =>
                    setCategories((chosen) =>
                      event.target.checked ? [...chosen, category] : chosen.filter((each) => each !== category),
                    )
                  }
                />
                <label htmlFor={`coupon-category-${index}`}>{category}</label>
              </div>
            ))}
          </div>
        ) : storeCategories.isError ? (
          <p className="text-sm text-red-700">The store's categories could not be loaded.</p>
        ) : null}
        {errorFor('categories') ? <p className="text-sm text-red-700">{errorFor('categories')}</p> : null}
      </fieldset>
      <ProductPicker chosen={products} onChange={setProducts} error={errorFor('productIds')} />
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
      {unplaced.length > 0 ? (
        <p role="alert" className="text-sm text-red-700">
          {unplaced.map(([, message]) => message).join(' ')}
        </p>
      ) : failed && !besideItsField ? (
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

/** The products a coupon is limited to, found by SKU or title; none chosen: every product. */
function ProductPicker({
  chosen,
  onChange,
  error,
}: {
  chosen: ChosenProduct[];
  onChange: (products: ChosenProduct[]) => void;
  error: string | undefined;
}) {
  const [text, setText] = useState('');
  const found = useProductSearch(text);
  const matches = (found.data?.data ?? []).filter((product) => !chosen.some((each) => each.id === product.id));
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-900">Only these products</legend>
      {chosen.length > 0 ? (
        <ul aria-label="Products the coupon covers" className="space-y-1 text-sm">
          {chosen.map((product) => (
            <li key={product.id} className="flex items-center gap-2">
              <span>
                {product.title} ({product.sku})
              </span>
              <Button
                type="button"
                size="sm"
                variant="outline"
                aria-label={`Remove ${product.sku}`}
                onClick={() => onChange(chosen.filter((each) => each.id !== product.id))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">None chosen: every product (within the categories above).</p>
      )}
      <FormField
        label="Find a product"
        htmlFor="coupon-product-search"
        description="SKU or words of its title"
        error={error}
      >
        <Input
          id="coupon-product-search"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </FormField>
      {text.trim().length >= 2 && found.data ? (
        matches.length > 0 ? (
          <ul aria-label="Products found" className="space-y-1 text-sm">
            {matches.map((product) => (
              <li key={product.id}>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  aria-label={`Add ${product.sku}`}
                  onClick={() => {
                    onChange([...chosen, { id: product.id, sku: product.sku, title: product.title }]);
                    setText('');
                  }}
                >
                  Add
                </Button>{' '}
                {product.title} ({product.sku})
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">No product matches “{text.trim()}”.</p>
        )
      ) : null}
    </fieldset>
  );
}
