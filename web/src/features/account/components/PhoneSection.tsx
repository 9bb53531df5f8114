import type { AccountInfo } from '@netkart/contract';
import { useQueryClient } from '@tanstack/react-query';
import { accountInfoQuery, requestAddPhoneCode, verifyAddPhoneCode } from '@/features/auth/api';
import { PhoneCodeForm } from '@/features/auth/components/PhoneCodeForm';
import { useT } from '@/lib/i18n';
import { toast } from '@/lib/toast';

/**
 * An account without a mobile number adds one, proved by the code texted to it; from then on the
 * number signs in to this account too, beside its email and password.
 */
export function PhoneSection({ info }: { info: AccountInfo | undefined }) {
  const t = useT();
  const queryClient = useQueryClient();
  if (!info || info.phone) return null;
  return (
    <section aria-labelledby="add-phone-heading" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="add-phone-heading" className="text-lg font-semibold text-slate-900">
        {t('phone.addHeading')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('phone.addIntro')}</p>
      <div className="mt-4 max-w-sm">
        <PhoneCodeForm
          idPrefix="add-phone"
          requestCode={requestAddPhoneCode}
          verifyLabel={t('phone.verifyNumber')}
          verify={async (phone, code) => {
            const result = await verifyAddPhoneCode(phone, code);
            if (!result.ok) throw new Error(result.error ?? t('phone.codeFailed'));
            queryClient.setQueryData(accountInfoQuery.queryKey, result.data);
            toast.success(t('phone.added'), { description: t('phone.addedText') });
          }}
        />
      </div>
    </section>
  );
}
