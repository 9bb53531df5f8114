/**
 * Shiprocket's times are India time without a zone, written '23 05 2023 11:43:52' in webhooks and
 * '2023-05-19 11:59:16' in scans. Either becomes an ISO instant; anything else is not a time.
 */
export function readShiprocketTime(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const dayFirst = /^(\d{2})[ -/](\d{2})[ -/](\d{4})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  const yearFirst = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  const parts = dayFirst
    ? { y: dayFirst[3], m: dayFirst[2], d: dayFirst[1], h: dayFirst[4], min: dayFirst[5], s: dayFirst[6] }
    : yearFirst
      ? { y: yearFirst[1], m: yearFirst[2], d: yearFirst[3], h: yearFirst[4], min: yearFirst[5], s: yearFirst[6] }
      : undefined;
  if (!parts) return undefined;
  const instant = Date.parse(`${parts.y}-${parts.m}-${parts.d}T${parts.h}:${parts.min}:${parts.s ?? '00'}+05:30`);
  return Number.isNaN(instant) ? undefined : new Date(instant).toISOString();
}
