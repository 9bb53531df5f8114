import { useSession } from '../../auth/session';
import { SignatureSection } from '../../books/SignatureSection';
import { OWNERS_ONLY } from '../../lib/owners';
import { useTitle } from '../../lib/use-title';
import { ReturnRulesSection } from '../../returns/components/ReturnRulesSection';
import { CodSection } from '../components/CodSection';
import { CourierSection } from '../components/CourierSection';
import { DeliverySection } from '../components/DeliverySection';
import { PaymentsSection } from '../components/PaymentsSection';
import { ShippingSection } from '../components/ShippingSection';
import { StaffSection } from '../components/StaffSection';
import { StoreDetailsSection } from '../components/StoreDetailsSection';

/** The store's details, its payments and its people: an owner's page. */
export function SettingsPage() {
  useTitle('Settings');
  const session = useSession();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Settings</h1>
      {session.role !== 'owner' ? (
        <p role="alert" className="rounded-lg bg-amber-50 p-4 text-sm text-amber-900">
          {OWNERS_ONLY}
        </p>
      ) : (
        <>
          <StoreDetailsSection />
          <PaymentsSection />
          <CodSection />
          <ShippingSection />
          <DeliverySection />
          <CourierSection />
          <ReturnRulesSection />
          <SignatureSection />
          <StaffSection />
        </>
      )}
    </div>
  );
}
