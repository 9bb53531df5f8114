import { INDIAN_STATE_NAMES, type ShippingAddressInput, typedIndianMobile } from '@netkart/contract';
import { useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { FormField, Input, Select, Textarea } from '@/components/ui';
import { type PincodeLookup, usePincode } from './pincode';

/** The address fields as a form holds them (every one a string, as typed). */
export type AddressForm = ShippingAddressInput;

/** The address fields in the order a shopper fills them: the PIN first, since the city and state follow from it. */
export const ADDRESS_FIELDS = ['postalCode', 'fullName', 'address', 'city', 'state', 'phone'] as const;

export const EMPTY_ADDRESS: AddressForm = { fullName: '', address: '', city: '', state: '', postalCode: '', phone: '' };

/**
 * PIN first: the PIN's place fills the city (the shopper may change it) and fixes the state, which
 * the server checks against the PIN and an invoice takes its place of supply from.
 */
export function usePinFirst(form: UseFormReturn<AddressForm, unknown, AddressForm>): PincodeLookup {
  const { watch, setValue, getValues, formState } = form;
  const pincode = usePincode(watch('postalCode') ?? '');
  const place = pincode.place;
  const filledCity = useRef('');
  const { state: stateError, city: cityError } = formState.errors;
  useEffect(() => {
    if (!place) return;
    setValue('state', place.state, { shouldValidate: stateError !== undefined });
    const city = getValues('city').trim();
    // A city the shopper typed is kept; one this form filled from an earlier PIN follows the new PIN.
    if (city === '' || city === filledCity.current) {
      setValue('city', place.district, { shouldValidate: cityError !== undefined });
      filledCity.current = place.district;
    }
  }, [place, setValue, getValues, stateError, cityError]);
  return pincode;
}

/**
 * The shipping address's fields, PIN first, each with its error beside it (the checkout and the
 * account's address book share them). `idPrefix` names the inputs, e.g. `shipping-postal-code`.
 */
export function AddressFields({
  form,
  idPrefix,
  pincode,
}: {
  form: UseFormReturn<AddressForm, unknown, AddressForm>;
  idPrefix: string;
  /** The PIN's lookup from `usePinFirst`, called by the form's owner (it may show the place elsewhere too). */
  pincode: PincodeLookup;
}) {
  const {
    register,
    formState: { errors },
  } = form;
  const place = pincode.place;
  const phoneField = register('phone');
  const id = (field: string) => `${idPrefix}-${field}`;
  return (
    <>
      <FormField
        label="PIN code"
        htmlFor={id('postal-code')}
        error={errors.postalCode?.message ?? pincode.problem}
        description={place ? `${place.district}, ${place.state}` : '6 digits: the city and state follow from it'}
      >
        <Input
          id={id('postal-code')}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          className="sm:max-w-48"
          {...register('postalCode')}
        />
      </FormField>
      <FormField label="Full name" htmlFor={id('full-name')} error={errors.fullName?.message}>
        <Input id={id('full-name')} autoComplete="name" {...register('fullName')} />
      </FormField>
      <FormField
        label="Address"
        htmlFor={id('address')}
        error={errors.address?.message}
        description="House number, street and area"
      >
        <Textarea id={id('address')} rows={3} autoComplete="street-address" {...register('address')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="City" htmlFor={id('city')} error={errors.city?.message}>
          <Input id={id('city')} autoComplete="address-level2" {...register('city')} />
        </FormField>
        <FormField
          label="State"
          htmlFor={id('state')}
          error={errors.state?.message}
          {...(place ? { description: 'From the PIN code' } : {})}
        >
          <Select id={id('state')} autoComplete="address-level1" {...register('state')}>
            {place ? null : <option value="">Choose a state</option>}
            {(place ? [place.state] : INDIAN_STATE_NAMES).map((state) => (
              <option key={state} value={state}>
                {state}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField
          label="Phone"
          htmlFor={id('phone')}
          error={errors.phone?.message}
          description="10-digit mobile number"
        >
          <Input
            id={id('phone')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="+91XXXXXXXXXX"
            {...phoneField}
            onChange={(event) => {
              // Typed or pasted in any common form, the field holds '+91' and the mobile's ten digits.
              if (event.target.value.trim()) event.target.value = typedIndianMobile(event.target.value);
              return phoneField.onChange(event);
            }}
          />
        </FormField>
      </div>
    </>
  );
}

/** Puts a server's refusal beside the field it names (e.g. a PIN whose state differs); false when it names none of them. */
export function showFieldError(
  form: UseFormReturn<AddressForm, unknown, AddressForm>,
  field: string | undefined,
  message: string | null,
): boolean {
  const named = ADDRESS_FIELDS.find((known) => field === known || field?.endsWith(`.${known}`));
  if (!named || !message) return false;
  form.setError(named, { type: 'server', message }, { shouldFocus: true });
  return true;
}
