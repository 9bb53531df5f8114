/** What a UPI QR asks for, read from its NPCI upi://pay text: shown beside the code. */
export interface UpiDetails {
  payeeName?: string;
  upiId?: string;
  /** Rupees. */
  amount?: number;
}

export function upiDetailsOf(text: string): UpiDetails | null {
  if (!text.startsWith('upi://pay?')) return null;
  const query = new URLSearchParams(text.slice('upi://pay?'.length));
  const amount = Number(query.get('am'));
  return {
    ...(query.get('pn') ? { payeeName: query.get('pn') ?? '' } : {}),
    ...(query.get('pa') ? { upiId: query.get('pa') ?? '' } : {}),
    ...(Number.isFinite(amount) && amount > 0 ? { amount } : {}),
  };
}

/** NPCI's Unique Transaction Reference: the 12 digits the payer's UPI app shows. */
export const UTR_MESSAGE = "A UTR is the 12 digits of the UPI transfer's reference.";

/** The digits of what the shopper typed (spaces between groups allowed), or null when not 12 digits. */
export function utrOf(typed: string): string | null {
  const digits = typed.replace(/\s+/g, '');
  return /^\d{12}$/.test(digits) ? digits : null;
}
