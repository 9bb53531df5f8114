import { PAYMENT_NOT_SET_UP, type PaymentField, type PaymentResponse, PaymentReturn } from '@store/contract';
import { useQuery } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, CircleX, Info, QrCode } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClasses, Checkbox, FormField, Input, Select, Skeleton, Textarea } from '@/components/ui';
import { useAccountInfo } from '@/features/auth/api';
import { useOrder } from '@/features/orders/api';
import { OrderSummary } from '@/features/orders/components/OrderSummary';
import { isCancelled, isPaid } from '@/features/orders/order-status';
import { usePageMeta } from '@/features/store-info/page-meta';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { fetchPaymentFields, postHiddenForm, submitPayment } from '../api';
import {
  applyMask,
  type FieldValues,
  isPhoneField,
  isVisible,
  type KnownDetails,
  missingRequired,
  NO_PROVIDER,
  normalisePhone,
  PHONE_PLACEHOLDER,
  phoneDigitsAllowed,
  prefilledValues,
  qrImageSource,
  submittedValues,
  validate,
} from '../payment-fields';

export const QR_SIZE = 256;
const MISSING_ORDER = 'Order ID is missing. Please return to checkout.';
const LOAD_FAILED = 'Failed to load payment form. Please try again later.';

type Qr = { text: string } | { image: string };

/** A gateway's reason as a sentence: with its full stop. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

export default function PaymentPage() {
  usePageMeta('Payment');
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const orderId = searchParams.get('orderId') || (location.state as { orderId?: string } | null)?.orderId || '';
  // Set by the gateway's callback when it sends the payer back (contract PaymentReturn).
  const outcome = PaymentReturn.safeParse(searchParams.get('payment')).data;
  const reason = searchParams.get('reason')?.trim() ?? '';
  const order = useOrder(orderId);
  const fields = useQuery({
    queryKey: ['paymentFields'],
    queryFn: fetchPaymentFields,
    enabled: !!orderId,
    retry: false,
  });
  const account = useAccountInfo({ enabled: !!orderId });

  if (!orderId) return <PaymentError message={MISSING_ORDER} />;
  // The order is read first: a paid or cancelled order never shows a form.
  if (order.isPending) return <PaymentLoading />;
  if (order.isError) return <PaymentError message={order.error.message} />;
  const paidFor = order.data;
  const summary = <OrderSummary order={paidFor} />;

  if (outcome === 'refund') {
    return (
      <PaymentNotice title="Your payment will be refunded" summary={summary}>
        We received your payment, but this order could not take it{reason ? `: ${sentence(reason)}` : '.'} The shop will
        refund the full amount to you.
      </PaymentNotice>
    );
  }
  if (isPaid(paidFor.status)) {
    return (
      <PaymentNotice title="This order is already paid" tone="success" summary={summary}>
        There is nothing more to pay for order #{paidFor.id}.
      </PaymentNotice>
    );
  }
  if (isCancelled(paidFor.status)) {
    return (
      <PaymentNotice title="This order was cancelled" summary={summary}>
        Order #{paidFor.id} can no longer be paid.
        {paidFor.cancelReason ? ` Reason: ${paidFor.cancelReason}` : ''}
      </PaymentNotice>
    );
  }
  if (fields.isPending || account.isPending) return <PaymentLoading />;
  if (fields.isError) return <PaymentError message={LOAD_FAILED} />;
  if (fields.data.provider === NO_PROVIDER) {
    return (
      <PaymentNotice title="Payment" summary={summary}>
        {PAYMENT_NOT_SET_UP}
      </PaymentNotice>
    );
  }
  if (outcome === 'failed') {
    const retry = () => setSearchParams({ orderId }, { replace: true });
    return <PaymentFailed reason={reason} onRetry={retry} summary={summary} />;
  }
  const info = account.data;
  const address = paidFor.shippingAddress;
  const known: KnownDetails = {
    name: info ? `${info.firstName ?? ''} ${info.lastName ?? ''}`.trim() || address.fullName : address.fullName,
    email: info?.email,
    phone: address.phone,
    address: address.address,
    city: address.city,
    state: address.state,
    postalCode: address.postalCode,
  };
  return <PaymentForm orderId={orderId} fields={fields.data.fields} known={known} summary={summary} />;
}

function PaymentLoading() {
  return (
    <div
      className="mx-auto max-w-xl space-y-4 px-4 py-10"
      role="status"
      aria-busy="true"
      aria-label="Loading payment form"
    >
      <Skeleton className="h-8 w-1/2" />
      <Skeleton className="h-48 w-full rounded-2xl" />
    </div>
  );
}

function PaymentError({ message }: { message: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <CircleAlert aria-hidden="true" className="mx-auto h-12 w-12 text-red-500" />
      <p role="alert" className="mt-4 text-lg text-slate-800">
        {message}
      </p>
      <Link to="/checkout" className={buttonClasses('primary', 'md', 'mt-6')}>
        Back to Checkout
      </Link>
    </div>
  );
}

/** The page's main column beside the order being paid for (above it on a phone). */
function PaymentLayout({ children, summary }: { children: ReactNode; summary: ReactNode }) {
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <div className="min-w-0">{children}</div>
      <aside className="order-first rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 lg:order-none">
        {summary}
      </aside>
    </div>
  );
}

/** An order that cannot be paid here: why, and the way to the shopper's orders. */
function PaymentNotice({
  title,
  tone = 'info',
  summary,
  children,
}: {
  title: string;
  tone?: 'info' | 'success';
  summary: ReactNode;
  children: ReactNode;
}) {
  const Icon = tone === 'success' ? CircleCheck : Info;
  return (
    <PaymentLayout summary={summary}>
      <div className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
        <Icon
          aria-hidden="true"
          className={cn('mx-auto h-12 w-12', tone === 'success' ? 'text-green-600' : 'text-brand-600')}
        />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
        <p role="status" className="mt-2 text-slate-700">
          {children}
        </p>
        <Link to="/orders" className={buttonClasses('primary', 'md', 'mt-6')}>
          View My Orders
        </Link>
      </div>
    </PaymentLayout>
  );
}

function PaymentFailed({ reason, onRetry, summary }: { reason: string; onRetry(): void; summary: ReactNode }) {
  return (
    <PaymentLayout summary={summary}>
      <div role="alert" className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-red-200">
        <CircleX aria-hidden="true" className="mx-auto h-12 w-12 text-red-600" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">Payment failed</h1>
        {reason ? <p className="mt-2 text-slate-700">{reason}</p> : null}
        <p className="mt-2 text-sm text-slate-600">Your order is still waiting for payment. You can try again.</p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Button onClick={onRetry}>Retry</Button>
          <Link to="/orders" className={buttonClasses('outline', 'md')}>
            View My Orders
          </Link>
        </div>
      </div>
    </PaymentLayout>
  );
}

interface PaymentFormProps {
  orderId: string;
  fields: PaymentField[];
  known: KnownDetails;
  summary: ReactNode;
}

function PaymentForm({ orderId, fields, known, summary }: PaymentFormProps) {
  const navigate = useNavigate();
  const [values, setValues] = useState<FieldValues>(() => prefilledValues(fields, known));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const [qr, setQr] = useState<Qr | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const change = (field: PaymentField, raw: string) => {
    let value = raw;
    if (isPhoneField(field)) value = normalisePhone(raw, phoneDigitsAllowed(field));
    else if (field.mask) value = applyMask(raw, field.mask);
    setValues((current) => ({ ...current, [field.name]: value }));
    // Editing a field clears its error.
    setErrors((current) => {
      if (!(field.name in current)) return current;
      const { [field.name]: _cleared, ...rest } = current;
      return rest;
    });
  };

  const act = (response: PaymentResponse) => {
    const action = response.action;
    if (action?.type === 'redirect_post' && action.formParams && action.redirectUrl) {
      postHiddenForm(action.redirectUrl, action.formParams);
      return;
    }
    if (action?.type === 'deeplink' && action.redirectUrl) {
      window.location.href = action.redirectUrl;
      return;
    }
    if (action?.type === 'qr' && (action.qr || action.qrBase64)) {
      setQr(action.qrBase64 ? { image: qrImageSource(action.qrBase64) } : { text: action.qr ?? '' });
      return;
    }
    if (response.redirectUrl) {
      window.location.href = response.redirectUrl;
      return;
    }
    toast.success('Payment initiated', { description: 'Your payment is being processed' });
    navigate('/orders');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(fields, values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      toast.error('Validation Error', { description: 'Please correct the errors in the form' });
      return;
    }
    setSubmitting(true);
    setFailure(null);
    try {
      const result = await submitPayment(orderId, submittedValues(fields, values));
      if (result.ok && result.data?.success) {
        act(result.data);
      } else {
        const message =
          (result.ok ? result.data?.error : result.error) || 'Unknown error occurred during payment process';
        setFailure(message);
        toast.error('Error', { description: message });
      }
    } catch {
      setFailure('Failed to process payment. Please try again later.');
      toast.error('Error', { description: 'Failed to process payment. Please try again later.' });
    } finally {
      setSubmitting(false);
    }
  };

  if (qr) {
    return (
      <div className="mx-auto max-w-md px-4 py-12 text-center">
        <QrCode aria-hidden="true" className="mx-auto h-8 w-8 text-brand-600" />
        <h1 className="mt-2 text-2xl font-bold text-slate-900">Scan QR Code to Complete Payment</h1>
        <div className="mx-auto mt-6 w-fit rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          {'text' in qr ? (
            <QRCodeSVG value={qr.text} size={QR_SIZE} title="Payment QR code" />
          ) : (
            <img src={qr.image} alt="Payment QR code" width={QR_SIZE} height={QR_SIZE} />
          )}
        </div>
        <p className="mt-4 text-sm text-slate-600">
          Open any UPI app, scan the code and approve the payment. Your order updates once we confirm it.
        </p>
        <Link to="/orders" className={buttonClasses('outline', 'md', 'mt-6')}>
          View My Orders
        </Link>
      </div>
    );
  }

  const visible = fields.filter((field) => isVisible(field, values));
  return (
    <PaymentLayout summary={summary}>
      <h1 className="text-3xl font-bold text-slate-900">Payment</h1>
      <p className="mt-1 text-slate-600">Order #{orderId}</p>
      <form
        method="post"
        onSubmit={submit}
        noValidate
        className="mt-6 grid grid-cols-2 gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
      >
        {visible.map((field) => (
          <PaymentInput
            key={field.name}
            field={field}
            value={values[field.name] ?? ''}
            error={errors[field.name]}
            onChange={(value) => change(field, value)}
          />
        ))}
        {failure ? (
          <p role="alert" className="col-span-2 rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {failure}
          </p>
        ) : null}
        <Button type="submit" size="lg" className="col-span-2" disabled={submitting || missingRequired(fields, values)}>
          {submitting ? 'Processing...' : 'Pay Now'}
        </Button>
      </form>
    </PaymentLayout>
  );
}

interface PaymentInputProps {
  field: PaymentField;
  value: string;
  error?: string;
  onChange(value: string): void;
}

function PaymentInput({ field, value, error, onChange }: PaymentInputProps) {
  const id = `payment-${field.name}`;
  const span = field.inline ? 'col-span-2 sm:col-span-1' : 'col-span-2';
  if (field.type === 'checkbox') {
    return (
      <div className={cn(span, 'space-y-1')}>
        <label htmlFor={id} className="flex items-center gap-2 text-sm text-slate-800">
          <Checkbox
            id={id}
            checked={value === 'true'}
            onChange={(event) => onChange(event.target.checked ? 'true' : 'false')}
            aria-invalid={error ? true : undefined}
          />
          {field.label}
        </label>
        {error ? (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        ) : null}
      </div>
    );
  }
  const phone = isPhoneField(field);
  const common = {
    id,
    name: field.name,
    value,
    placeholder: field.placeholder ?? (phone ? PHONE_PLACEHOLDER : undefined),
    required: field.rules?.required,
  };
  return (
    <FormField
      className={span}
      label={field.label}
      htmlFor={id}
      error={error}
      description={field.description}
      required={field.rules?.required}
    >
      {field.type === 'textarea' ? (
        <Textarea {...common} rows={4} onChange={(event) => onChange(event.target.value)} />
      ) : field.type === 'select' ? (
        <Select {...common} onChange={(event) => onChange(event.target.value)}>
          <option value="">{field.placeholder ?? 'Choose…'}</option>
          {(field.options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      ) : (
        <Input
          {...common}
          type={phone ? 'tel' : field.type}
          inputMode={phone ? 'tel' : undefined}
          autoComplete={phone ? 'tel' : field.type === 'email' ? 'email' : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
