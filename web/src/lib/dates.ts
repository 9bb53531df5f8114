const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

function parse(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'MMMM dd, yyyy', e.g. 'November 05, 2026'; '' for an unreadable date. */
export function formatLongDate(iso: string): string {
  const date = parse(iso);
  if (!date) return '';
  const day = String(date.getDate()).padStart(2, '0');
  return `${MONTHS[date.getMonth()]} ${day}, ${date.getFullYear()}`;
}

/** A formatter made on first use: a page without dates never pays for Intl's locale data. */
function lazyFormat(options: Intl.DateTimeFormatOptions): (date: Date) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (date) => {
    format ??= new Intl.DateTimeFormat('en-IN', options);
    return format.format(date);
  };
}

const short = lazyFormat({ day: '2-digit', month: 'short', year: 'numeric' });

/** A short en-IN date, e.g. '05 Nov 2026'; '' for an unreadable date. */
export function formatDate(iso: string): string {
  const date = parse(iso);
  return date ? short(date) : '';
}

const dateTime = lazyFormat({
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});

/** A date and time in India, e.g. '20 Nov 2026, 3:30 pm'; '' for an unreadable date. */
export function formatDateTime(iso: string): string {
  const date = parse(iso);
  return date ? dateTime(date) : '';
}
