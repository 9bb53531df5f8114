import { FlaskConical } from '@/components/icons';
import { useT } from '@/lib/i18n';
import { useStoreInfo } from '../store-info';

/** While the store takes payments through the sandbox gateway, every page says that no money moves. */
export function TestModeBanner() {
  const { storeInfo } = useStoreInfo();
  const t = useT();
  if (storeInfo?.paymentMode !== 'test') return null;
  return (
    <aside aria-label={t('testMode.label')} className="bg-amber-100 px-4 py-2 text-center text-sm text-amber-950">
      <p className="flex flex-wrap items-center justify-center gap-x-2">
        <FlaskConical aria-hidden="true" className="h-4 w-4" />
        <strong className="font-semibold">{t('testMode.heading')}</strong>
        <span>{t('testMode.text')}</span>
      </p>
    </aside>
  );
}
