import type { GatewayMethod, PaymentField, PaymentResponse } from '@netkart/contract';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui';
import { useT } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { submitPayment } from '../api';
import {
  applyMask,
  type FieldValues,
  isPhoneField,
  isVisible,
  type KnownDetails,
  missingRequired,
  normalisePhone,
  phoneDigitsAllowed,
  prefilledValues,
  submittedValues,
  validate,
} from '../payment-fields';
import { PaymentInput } from './PaymentInput';
import { PaymentLayout } from './PaymentStates';
import { performAction, type Qr } from './payment-actions';
import { QrScreen } from './QrScreen';

export interface PaymentFormProps {
  orderId: string;
  fields: PaymentField[];
  /** The ways to pay the store offers, chosen before the gateway. */
  methods?: GatewayMethod[];
  known: KnownDetails;
  summary: ReactNode;
}

export function PaymentForm({ orderId, fields, methods = [], known, summary }: PaymentFormProps) {
  const t = useT();
  const [method, setMethod] = useState(methods[0]?.id ?? '');
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
    if (performAction(response, { showQr: setQr })) return;
    if (response.redirectUrl) {
      window.location.href = response.redirectUrl;
      return;
    }
    toast.success(t('payment.initiated'), { description: t('payment.processingNow') });
    navigate('/orders');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(fields, values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      toast.error(t('payment.validationError'), { description: t('payment.correctErrors') });
      return;
    }
    setSubmitting(true);
    setFailure(null);
    try {
      const result = await submitPayment(orderId, submittedValues(fields, values));
      if (result.ok && result.data?.success) {
        act(result.data);
      } else {
        const message = (result.ok ? result.data?.error : result.error) || t('payment.unknownError');
        setFailure(message);
        toast.error(t('payment.error'), { description: message });
      }
    } catch {
      setFailure(t('payment.processFailed'));
      toast.error(t('payment.error'), { description: t('payment.processFailed') });
    } finally {
      setSubmitting(false);
    }
  };

  if (qr) return <QrScreen qr={qr} orderId={orderId} />;

  const visible = fields.filter((field) => isVisible(field, values));
  return (
    <PaymentLayout summary={summary}>
      <h1 className="text-3xl font-bold text-slate-900">{t('payment.title')}</h1>
      <p className="mt-1 text-slate-600">{t('order.number', { id: orderId })}</p>
      <form
        method="post"
        onSubmit={submit}
        noValidate
        className="mt-6 grid grid-cols-2 gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
      >
        {methods.length > 0 ? <MethodChoice methods={methods} chosen={method} onChoose={setMethod} /> : null}
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
          {submitting ? t('payment.processing') : t('success.payNow')}
        </Button>
      </form>
    </PaymentLayout>
  );
}

/** The ways to pay the store offers, one chosen before the gateway opens. */
function MethodChoice({
  methods,
  chosen,
  onChoose,
}: {
  methods: GatewayMethod[];
  chosen: string;
  onChoose: (id: string) => void;
}) {
  const t = useT();
  return (
    <fieldset className="col-span-2 space-y-2">
      <legend className="mb-2 text-sm font-medium text-slate-900">{t('payment.howToPay')}</legend>
      {methods.map((method) => (
        <label
          key={method.id}
          className="flex cursor-pointer items-start gap-3 rounded-lg p-3 ring-1 ring-slate-200 has-[:checked]:ring-2 has-[:checked]:ring-brand-600"
        >
          <input
            type="radio"
            name="paymentMethod"
            value={method.id}
            checked={chosen === method.id}
            onChange={() => onChoose(method.id)}
            className="mt-1"
          />
          <span>
            <span className="block font-medium text-slate-900">{method.title}</span>
            <span className="block text-sm text-slate-600">{method.description}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
