import { Link } from 'react-router';
import { useTitle } from '../lib/use-title';

export function NotFoundPage() {
  useTitle('Not found');
  return (
    <div className="space-y-3 py-10 text-center">
      <h1 className="text-xl font-semibold">There is no such page in the back office.</h1>
      <Link to="/admin/orders" className="font-medium text-brand-700 hover:underline">
        Go to the orders
      </Link>
    </div>
  );
}
