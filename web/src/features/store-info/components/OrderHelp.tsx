import { PhoneLink } from '@/components/PhoneLink';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n';
import { useStoreInfo } from '../store-info';

/** Under an order: who to call or write to about it, a tap away on a phone. Nothing when the store gave neither. */
export function OrderHelp({ className }: { className?: string }) {
  const { storeInfo } = useStoreInfo();
  const t = useT();
  const phone = storeInfo?.companyPhone;
  const email = storeInfo?.companyEmail;
  if (!phone && !email) return null;
  return (
    <p className={cn('text-sm text-slate-600', className)}>
      {t('orderHelp.question')}{' '}
      {phone ? (
        <>
          {t('orderHelp.call')} <PhoneLink phone={phone} className="text-brand-700" />
        </>
      ) : null}
      {phone && email ? t('orderHelp.orWriteTo') : email ? t('orderHelp.writeTo') : null}
      {email ? (
        <a href={`mailto:${email}`} className="inline-flex min-h-11 items-center text-brand-700 underline">
          {email}
        </a>
      ) : null}
      {t('orderHelp.end')}
    </p>
  );
}
