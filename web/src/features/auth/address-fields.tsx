import { INDIAN_STATE_NAMES, type ShippingAddressInput, typedIndianMobile } from '@netkart/contract';
import { useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { FormField, Input, Select, Textarea } from '@/components/ui';
import { useT } from '@/lib/i18n';
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
/** The shape of a mobile number, the same in every language (as an example address is). */
const PHONE_EXAMPLE = '+91XXXXXXXXXX';

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
  const t = useT();
  const place = pincode.place;
  const phoneField = register('phone');
  const id = (field: string) => `${idPrefix}-${field}`;
  return (
    <>
      <FormField
        label={t('address.pinCode')}
        htmlFor={id('postal-code')}
        error={errors.postalCode?.message ?? pincode.problem}
        description={place ? `${place.district}, ${place.state}` : t('address.pinHelp')}
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
      <FormField label={t('address.fullName')} htmlFor={id('full-name')} error={errors.fullName?.message}>
        <Input id={id('full-name')} autoComplete="name" {...register('fullName')} />
      </FormField>
      <FormField
        label={t('address.address')}
        htmlFor={id('address')}
        error={errors.address?.message}
        description={t('address.addressHelp')}
      >
        <Textarea id={id('address')} rows={3} autoComplete="street-address" {...register('address')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('address.city')} htmlFor={id('city')} error={errors.city?.message}>
          <Input id={id('city')} autoComplete="address-level2" {...register('city')} />
        </FormField>
        <FormField
          label={t('address.state')}
          htmlFor={id('state')}
          error={errors.state?.message}
          {...(place ? { description: t('address.fromPin') } : {})}
        >
          <Select id={id('state')} autoComplete="address-level1" {...register('state')}>
            {place ? null : <option value="">{t('address.chooseState')}</option>}
            {(place ? [place.state] : INDIAN_STATE_NAMES).map((state) => (
              <option key={state} value={state}>
                {state}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField
          label={t('address.phone')}
          htmlFor={id('phone')}
          error={errors.phone?.message}
          description={t('address.phoneHelp')}
        >
          <Input
            id={id('phone')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder={PHONE_EXAMPLE}
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
