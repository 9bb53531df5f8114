import type { PaymentField, PaymentResponse } from '@store/contract';
import { useQuery } from '@tanstack/react-query';
import { CircleAlert, QrCode } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClasses, Checkbox, FormField, Input, Select, Skeleton, Textarea } from '@/components/ui';
import { cn } from '@/lib/cn';
import { fetchPaymentFields, postHiddenForm, submitPayment } from '../api';
import {
  applyMask,
  type FieldValues,
  initialValues,
  isPhoneField,
  isVisible,
  missingRequired,
  normalisePhone,
  PHONE_PLACEHOLDER,
  phoneDigitsAllowed,
  qrImageSource,
  submittedValues,
  validate,
} from '../payment-fields';
import { type ReturnNotice, returnNotice } from '../payment-return';

export const QR_SIZE = 256;
const MISSING_ORDER = 'Order ID is missing. Please return to checkout.';
const LOAD_FAILED = 'Failed to load payment form. Please try again later.';

type Qr = { text: string } | { image: string };

export default function PaymentPage() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const orderId = searchParams.get('orderId') || (location.state as { orderId?: string } | null)?.orderId || '';
  const fields = useQuery({
    queryKey: ['paymentFields'],
    queryFn: fetchPaymentFields,
    enabled: !!orderId,
    retry: false,
  });

  if (!orderId) return <PaymentError message={MISSING_ORDER} />;
  if (fields.isPending) {
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
  if (fields.isError) return <PaymentError message={LOAD_FAILED} />;
  const notice = returnNotice(searchParams.get('payment'), searchParams.get('reason'));
  return <PaymentForm orderId={orderId} fields={fields.data} notice={notice} />;
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

function PaymentForm({ orderId, fields, notice }: { orderId: string; fields: PaymentField[]; notice?: ReturnNotice }) {
  const navigate = useNavigate();
  const [values, setValues] = useState<FieldValues>(() => initialValues(fields));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const [qr, setQr] = useState<Qr | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => setValues(initialValues(fields)), [fields]);

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
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Payment</h1>
      <p className="mt-1 text-slate-600">Order #{orderId}</p>
      {notice ? (
        <div role="status" className="mt-6 rounded-2xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-200">
          <p className="font-semibold">{notice.title}</p>
          <p className="mt-1 text-sm">{notice.text}</p>
        </div>
      ) : null}
      <form
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
    </div>
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
