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

/** The locales dates are written in: the storefront's English and Hindi. */
export type DateLocale = 'en-IN' | 'hi-IN';

/** 'MMMM dd, yyyy', e.g. 'November 05, 2026' (in Hindi '05 नवंबर 2026'); '' for an unreadable date. */
export function formatLongDate(iso: string, locale: DateLocale = 'en-IN'): string {
  const date = parse(iso);
  if (!date) return '';
  if (locale !== 'en-IN') return long(locale)(date);
  const day = String(date.getDate()).padStart(2, '0');
  return `${MONTHS[date.getMonth()]} ${day}, ${date.getFullYear()}`;
}

/** A formatter made on first use: a page without dates never pays for Intl's locale data. */
function lazyFormat(options: Intl.DateTimeFormatOptions): (locale: DateLocale) => (date: Date) => string {
  const formats = new Map<DateLocale, Intl.DateTimeFormat>();
  return (locale) => (date) => {
    let format = formats.get(locale);
    if (!format) {
      format = new Intl.DateTimeFormat(locale, options);
      formats.set(locale, format);
    }
    return format.format(date);
  };
}

const long = lazyFormat({ day: '2-digit', month: 'long', year: 'numeric' });

const short = lazyFormat({ day: '2-digit', month: 'short', year: 'numeric' });

/** A short date, e.g. '05 Nov 2026' (hi-IN: '05 नव॰ 2026'); '' for an unreadable date. */
export function formatDate(iso: string, locale: DateLocale = 'en-IN'): string {
  const date = parse(iso);
  return date ? short(locale)(date) : '';
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
export function formatDateTime(iso: string, locale: DateLocale = 'en-IN'): string {
  const date = parse(iso);
  return date ? dateTime(locale)(date) : '';
}
