import { CircleCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui';

export default function OrderSuccessPage() {
  const [searchParams] = useSearchParams();
  const orderId = searchParams.get('orderId');
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <CircleCheck aria-hidden="true" className="mx-auto h-16 w-16 text-green-600" />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Thank you for your order!</h1>
      <p className="mt-2 text-slate-600">
        {orderId ? `Order #${orderId} is confirmed. ` : ''}We have received your payment and will email you when your
        order ships.
      </p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to="/orders" className={buttonClasses('primary', 'md')}>
          View My Orders
        </Link>
        <Link to="/" className={buttonClasses('outline', 'md')}>
          Continue Shopping
        </Link>
      </div>
    </div>
  );
}
