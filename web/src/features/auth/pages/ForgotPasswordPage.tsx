import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui';
import { usePageMeta } from '@/features/store-info/page-meta';
import { useStoreInfo } from '@/features/store-info/store-info';

/** Until a reset flow exists, the page tells the shopper how the store resets a password. */
export default function ForgotPasswordPage() {
  usePageMeta('Forgot your password?');
  const { storeInfo } = useStoreInfo();
  return (
    <div className="space-y-6 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Forgot your password?</h1>
      <p className="text-sm text-slate-600">
        Write to us from the email address of your account and we will help you set a new password, usually within one
        working day.
      </p>
      {storeInfo ? (
        <ul className="space-y-1 text-sm text-slate-800">
          {storeInfo.companyEmail ? (
            <li>
              Email:{' '}
              <a className="font-medium text-brand-700 underline" href={`mailto:${storeInfo.companyEmail}`}>
                {storeInfo.companyEmail}
              </a>
            </li>
          ) : null}
          {storeInfo.companyPhone ? <li>Phone: {storeInfo.companyPhone}</li> : null}
        </ul>
      ) : null}
      <div className="flex flex-col gap-2">
        <Link to="/contact" className={buttonClasses('primary', 'md')}>
          Contact us
        </Link>
        <Link to="/login" className={buttonClasses('outline', 'md')}>
          Back to sign in
        </Link>
      </div>
    </div>
  );
}
