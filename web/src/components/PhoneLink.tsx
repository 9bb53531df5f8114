import { cn } from '@/lib/cn';

/** A phone number as a tel: address (RFC 3966): the leading + and the digits, nothing else. */
export function telHref(phone: string): string | undefined {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 3) return undefined;
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${digits}`;
}

/** A phone number a phone can call with one tap, shown as it was written; plain text when it has no number in it. */
export function PhoneLink({ phone, className }: { phone: string; className?: string }) {
  const href = telHref(phone);
  if (!href) return <>{phone}</>;
  return (
    <a href={href} className={cn('inline-flex min-h-11 items-center underline', className)}>
      {phone}
    </a>
  );
}
