import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { Heart, Package, UserRound } from '@/components/icons';
import { Button, buttonClasses, Skeleton } from '@/components/ui';
import { useAccountInfo } from '@/features/auth/api';
import { useAuth } from '@/features/auth/auth-context';
import { usePageMeta } from '@/features/store-info/page-meta';
import { useDates, useT } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { ChangePasswordSection } from '../components/ChangePasswordSection';
import { EmailSection } from '../components/EmailSection';
import { LanguageSection } from '../components/LanguageSection';
import { MyDataSection } from '../components/MyDataSection';
import { PhoneSection } from '../components/PhoneSection';
import { RemindersSection } from '../components/RemindersSection';
import { SavedAddressesSection } from '../components/SavedAddressesSection';
import { SessionsSection } from '../components/SessionsSection';
import { WhatsAppSection } from '../components/WhatsAppSection';

export default function AccountPage() {
  const t = useT();
  const dates = useDates();
  usePageMeta(t('account.title'));
  const { logout } = useAuth();
  const navigate = useNavigate();
  const account = useAccountInfo();

  useEffect(() => {
    if (account.isError)
      toast.error(t('account.error'), { description: t('account.loadFailed', { message: account.error.message }) });
  }, [account.isError, account.error, t]);

  const signOut = async () => {
    await logout();
    navigate('/');
  };

  if (account.isPending) {
    return (
      <div
        className="mx-auto max-w-3xl space-y-4 px-4 py-8"
        role="status"
        aria-busy="true"
        aria-label={t('account.loading')}
      >
        <Skeleton className="h-32 w-full rounded-2xl" />
        <Skeleton className="h-48 w-full rounded-2xl" />
      </div>
    );
  }
  const info = account.data;
  const name = info ? `${info.firstName ?? ''} ${info.lastName ?? ''}`.trim() : '';

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold text-slate-900">{t('account.title')}</h1>
      <section className="flex flex-col gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-center">
        <div className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-100 text-brand-700">
          <UserRound aria-hidden="true" className="h-7 w-7" />
        </div>
        <div className="flex-1">
          <p className="text-lg font-semibold text-slate-900">{name || t('account.shopper')}</p>
          <p className="text-sm text-slate-600">{info?.email ?? info?.phone}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/orders" className={buttonClasses('outline', 'md')}>
            <Package aria-hidden="true" className="h-4 w-4" />
            {t('account.myOrders')}
          </Link>
          <Link to="/wishlist" className={buttonClasses('outline', 'md')}>
            <Heart aria-hidden="true" className="h-4 w-4" />
            {t('account.myWishlist')}
          </Link>
          <Link to="/" className={buttonClasses('outline', 'md')}>
            {t('account.home')}
          </Link>
          <Button variant="destructive" onClick={signOut}>
            {t('account.signOut')}
          </Button>
        </div>
      </section>
      <section aria-labelledby="personal-heading" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h2 id="personal-heading" className="text-lg font-semibold text-slate-900">
          {t('account.personal')}
        </h2>
        <dl className="mt-4 grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-slate-500">{t('account.name')}</dt>
            <dd className="text-slate-900">{name || '—'}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-500">{t('account.email')}</dt>
            <dd className="break-all text-slate-900">
              {info?.email ? (
                <>
                  {info.email} {info.emailVerified ? <Verified /> : null}
                </>
              ) : (
                '—'
              )}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-500">{t('account.mobile')}</dt>
            <dd className="text-slate-900">
              {info?.phone ? (
                <>
                  {info.phone} {info.phoneVerified !== false ? <Verified /> : null}
                </>
              ) : (
                '—'
              )}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-500">{t('account.memberSince')}</dt>
            <dd className="text-slate-900">{info?.createdAt ? dates.longDate(info.createdAt) : '—'}</dd>
          </div>
        </dl>
      </section>
      <PhoneSection info={info} />
      <EmailSection info={info} />
      <SavedAddressesSection />
      <WhatsAppSection phone={info?.phone} />
      <RemindersSection />
      <LanguageSection info={info} />
      {/* A mobile-number account has no password to change (until one is set through the reset link). */}
      {(info?.hasPassword ?? info?.email !== null) && <ChangePasswordSection />}
      <SessionsSection />
      <MyDataSection byCode={info?.hasPassword === false && Boolean(info.phone)} />
    </div>
  );
}

/** Beside a phone proved by a code, or an email proved by a link. */
function Verified() {
  const t = useT();
  return <span className="text-sm text-green-700">{t('account.verified')}</span>;
}
