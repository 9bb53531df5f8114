import { PhoneLink } from '@/components/PhoneLink';
import { cn } from '@/lib/cn';
import { useStoreInfo } from '../store-info';

/** Under an order: who to call or write to about it, a tap away on a phone. Nothing when the store gave neither. */
export function OrderHelp({ className }: { className?: string }) {
  const { storeInfo } = useStoreInfo();
  const phone = storeInfo?.companyPhone;
  const email = storeInfo?.companyEmail;
  if (!phone && !email) return null;
  return (
    <p className={cn('text-sm text-slate-600', className)}>
      Questions about an order?{' '}
      {phone ? (
        <>
          Call <PhoneLink phone={phone} className="text-brand-700" />
        </>
      ) : null}
      {phone && email ? ' or write to ' : email ? 'Write to ' : null}
      {email ? (
        <a href={`mailto:${email}`} className="inline-flex min-h-11 items-center text-brand-700 underline">
          {email}
        </a>
      ) : null}
      .
    </p>
  );
}
