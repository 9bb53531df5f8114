import { Button } from '@/components/ui';
import { isForbidden, OWNERS_ONLY } from '../lib/owners';

/** A page's data could not be read: the reason, and Try again (an owner's page says whose it is). */
export function LoadProblem({ error, onRetry }: { error: Error; onRetry: () => void }) {
  if (isForbidden(error)) {
    return (
      <p role="alert" className="rounded-lg bg-amber-50 p-4 text-sm text-amber-900">
        {OWNERS_ONLY}
      </p>
    );
  }
  return (
    <div role="alert" className="space-y-3 rounded-lg bg-red-50 p-4 text-sm text-red-800">
      <p>{error.message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
