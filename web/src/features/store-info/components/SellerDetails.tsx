import { PhoneLink } from '@/components/PhoneLink';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n';
import { useStoreInfo } from '../store-info';

/**
 * The seller's particulars a shopper must find (Consumer Protection (E-Commerce) Rules 2020): its
 * legal name, address and GSTIN, and its grievance officer. Each line only when the store has it.
 */
export function SellerDetails({ tone = 'light', className }: { tone?: 'light' | 'dark'; className?: string }) {
  const { storeInfo } = useStoreInfo();
  const t = useT();
  if (!storeInfo) return null;
  const legalName = storeInfo.legalName || storeInfo.companyName;
  const officer = storeInfo.grievanceOfficer;
  const strong = tone === 'dark' ? 'text-white' : 'text-slate-900';
  return (
    <section
      aria-label={t('seller.details')}
      className={cn('space-y-1 text-sm', tone === 'dark' ? 'text-slate-300' : 'text-slate-700', className)}
    >
      <h2 className={cn('font-semibold', strong)}>{t('seller.details')}</h2>
      {legalName ? <p>{legalName}</p> : null}
      {storeInfo.companyAddress ? <p>{storeInfo.companyAddress}</p> : null}
      {storeInfo.gstin ? (
        <p>
          {t('seller.gstin')} {storeInfo.gstin}
        </p>
      ) : null}
      {officer ? (
        <>
          <h3 className={cn('pt-2 font-semibold', strong)}>{t('seller.grievanceOfficer')}</h3>
          <p>
            {officer.name}, {officer.designation}
          </p>
          <p>
            {t('footer.email')}{' '}
            <a href={`mailto:${officer.email}`} className="inline-flex min-h-11 items-center underline">
              {officer.email}
            </a>
          </p>
          <p>
            {t('footer.phone')} <PhoneLink phone={officer.phone} />
          </p>
        </>
      ) : null}
    </section>
  );
}
