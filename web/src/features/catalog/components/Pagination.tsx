import { ChevronLeft, ChevronRight } from '@/components/icons';
import { Button } from '@/components/ui';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n';
import { paginationWindow } from '../listing';

interface PaginationProps {
  page: number;
  totalPages: number;
  onChange(page: number): void;
}

export function Pagination({ page, totalPages, onChange }: PaginationProps) {
  const t = useT();
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={t('pagination.label')} className="flex flex-wrap items-center justify-center gap-1">
      <Button
        variant="outline"
        size="icon"
        aria-label={t('pagination.previous')}
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
      >
        <ChevronLeft aria-hidden="true" className="h-4 w-4" />
      </Button>
      {paginationWindow(page, totalPages).map((item) =>
        typeof item === 'number' ? (
          <Button
            key={item}
            variant={item === page ? 'primary' : 'outline'}
            size="icon"
            aria-label={t('pagination.page', { page: item })}
            aria-current={item === page ? 'page' : undefined}
            onClick={() => onChange(item)}
            className={cn(item === page && 'pointer-events-none')}
          >
            {item}
          </Button>
        ) : (
          <span key={item} className="px-2 text-slate-500" aria-hidden="true">
            …
          </span>
        ),
      )}
      <Button
        variant="outline"
        size="icon"
        aria-label={t('pagination.next')}
        disabled={page >= totalPages}
        onClick={() => onChange(page + 1)}
      >
        <ChevronRight aria-hidden="true" className="h-4 w-4" />
      </Button>
    </nav>
  );
}
