import { zodResolver } from '@hookform/resolvers/zod';
import { type SavedAddress, ShippingAddressInput } from '@netkart/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Checkbox } from '@/components/ui';
import {
  ADDRESS_FIELDS,
  AddressFields,
  type AddressForm,
  EMPTY_ADDRESS,
  showFieldError,
  usePinFirst,
} from '@/features/auth/address-fields';
import { addSavedAddress, updateSavedAddress } from '@/features/auth/saved-addresses';
import { useT } from '@/lib/i18n';
import { toast } from '@/lib/toast';

/**
 * One address of the book, new or being changed: the checkout's fields under the server's own rules,
 * and a refusal (a PIN whose state differs, a full book) shown where it belongs. Nothing typed is lost.
 */
export function AddressEditor({
  editing,
  onDone,
  onCancel,
}: {
  /** The address being changed; none for a new one. */
  editing: SavedAddress | undefined;
  onDone: (message: string) => Promise<void>;
  onCancel: () => void;
}) {
  const t = useT();
  const form = useForm<AddressForm, unknown, AddressForm>({
    defaultValues: editing
      ? Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, editing[field]]))
      : { ...EMPTY_ADDRESS },
    resolver: zodResolver(ShippingAddressInput),
  });
  const pincode = usePinFirst(form);
  const [isDefault, setIsDefault] = useState(false);

  const save = form.handleSubmit(async (address) => {
    const result = editing
      ? await updateSavedAddress(editing.id, { ...address, ...(isDefault ? { isDefault: true } : {}) })
      : await addSavedAddress({ ...address, ...(isDefault ? { isDefault: true } : {}) });
    if (!result.ok) {
      if (!showFieldError(form, result.field, result.error)) {
        toast.error(t('book.notSaved'), { description: result.error ?? t('account.failed') });
      }
      return;
    }
    await onDone(editing ? t('book.changed') : t('book.saved'));
  });

  const headingId = editing ? `edit-address-${editing.id}` : 'new-address';
  return (
    <form
      method="post"
      noValidate
      onSubmit={save}
      aria-labelledby={headingId}
      className="mt-4 space-y-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200"
    >
      <h3 id={headingId} className="font-semibold text-slate-900">
        {editing ? t('book.changeHeading') : t('book.newHeading')}
      </h3>
      <AddressFields form={form} idPrefix="book" pincode={pincode} />
      {editing?.isDefault ? null : (
        <div className="flex items-center gap-2">
          <Checkbox
            id="book-default"
            checked={isDefault}
            onChange={(event) => setIsDefault(event.currentTarget.checked)}
          />
          <label htmlFor="book-default" className="text-sm text-slate-700">
            {t('book.useFirst')}
          </label>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {editing ? t('book.saveChanges') : t('book.saveAddress')}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('book.cancel')}
        </Button>
      </div>
    </form>
  );
}
