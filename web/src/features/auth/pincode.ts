import { PINCODE_PATTERN, type PincodeAnswer } from '@netkart/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** What the shop knows of the PIN being typed: its place, or why it has none (nothing while it is not 6 digits). */
export interface PincodeLookup {
  place: PincodeAnswer | undefined;
  /** The server's words for a PIN it does not know (404) or refuses (400); none when the network failed. */
  problem: string | undefined;
}

/** Looks a whole PIN up once (`GET /pincodes/{pin}`); a PIN's place does not change while a page is open. */
export function usePincode(typed: string): PincodeLookup {
  const pin = typed.trim();
  const query = useQuery({
    queryKey: ['pincode', pin],
    queryFn: () => apiRequest<PincodeAnswer>(`/pincodes/${encodeURIComponent(pin)}`),
    enabled: PINCODE_PATTERN.test(pin),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const result = PINCODE_PATTERN.test(pin) ? query.data : undefined;
  if (!result) return { place: undefined, problem: undefined };
  if (result.ok) return { place: result.data, problem: undefined };
  return {
    place: undefined,
    problem: result.status === 404 || result.status === 400 ? (result.error ?? undefined) : undefined,
  };
}
