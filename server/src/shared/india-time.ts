/** India keeps one time all year: UTC+05:30. Days and times the merchant reads are India's. */
const IST_OFFSET_MS = 330 * 60_000;

const shifted = (instant: number | string | Date) =>
  new Date(new Date(instant).getTime() + IST_OFFSET_MS).toISOString();

/** The India-time day (YYYY-MM-DD) of an instant. */
export const istDay = (instant: number | string | Date): string => shifted(instant).slice(0, 10);

/** '2026-11-23 14:05', India time: what a spreadsheet sorts and an accountant reads. */
export const istMinute = (instant: number | string | Date): string => shifted(instant).slice(0, 16).replace('T', ' ');

/** The instant an India-time day (YYYY-MM-DD) starts. */
export const istDayStart = (day: string): Date => new Date(`${day}T00:00:00+05:30`);

/** The instant the India-time day after this one starts: the end of a date range, exclusive. */
export const istDayEnd = (day: string): Date => new Date(istDayStart(day).getTime() + 86_400_000);
