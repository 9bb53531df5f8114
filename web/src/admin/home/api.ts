import type { AdminDashboard } from '@netkart/contract';
import { useQuery } from '@tanstack/react-query';
import { adminRequest } from '../lib/api-client';

/** The figures move with every order: read again each minute while the page is open. */
const DASHBOARD_REFRESH_MS = 60_000;

export function useDashboard() {
  return useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: ({ signal }) => adminRequest<AdminDashboard>('/dashboard', { signal }),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}

/** Today in India (YYYY-MM-DD), the day the shop's figures and exports are counted in. */
export const indiaToday = (now = Date.now()) => new Date(now + 330 * 60_000).toISOString().slice(0, 10);
