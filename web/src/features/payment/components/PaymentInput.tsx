import type { PaymentField } from '@netkart/contract';
import { Checkbox, FormField, Input, Select, Textarea } from '@/components/ui';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n';
import { isPhoneField, PHONE_PLACEHOLDER } from '../payment-fields';

export interface PaymentInputProps {
  field: PaymentField;
  value: string;
  error?: string;
  onChange(value: string): void;
}

export function PaymentInput({ field, value, error, onChange }: PaymentInputProps) {
  const t = useT();
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
          <option value="">{field.placeholder ?? t('payment.choose')}</option>
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
