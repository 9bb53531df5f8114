import type { AdminActivityResponse } from '@netkart/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminRequest } from '../lib/api-client';

export function useActivity(page: number) {
  return useQuery({
    queryKey: ['admin', 'activity', page],
    queryFn: ({ signal }) => adminRequest<AdminActivityResponse>('/activity', { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}
