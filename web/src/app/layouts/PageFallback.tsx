import { Skeleton } from '@/components/ui';

export function PageFallback() {
  return (
    <div className="mx-auto max-w-7xl space-y-4 px-4 py-8" role="status" aria-busy="true" aria-label="Loading">
      <Skeleton className="h-8 w-1/3" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}
