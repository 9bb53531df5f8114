/**
 * India's Goods and Services Tax, as far as a shop needs it: the rates in force, the states and
 * union territories with their GST codes, and the check of a GSTIN. One place for each, used by
 * the catalogue, the checkout, the store details and the invoices.
 */

/** The GST rates in force since 22 September 2025, in percent. */
export const GST_RATES = [0, 0.25, 3, 5, 18, 40] as const;
export type GstRate = (typeof GST_RATES)[number];

/** A line sold without a GST rate on its product is taxed at the standard rate for the store's goods. */
export const STANDARD_GST_RATE: GstRate = 18;

export const isGstRate = (value: number): value is GstRate => (GST_RATES as readonly number[]).includes(value);

/** The states and union territories with their GST state codes (the first two digits of a GSTIN). */
export const GST_STATES = [
  { code: '35', name: 'Andaman and Nicobar Islands' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '18', name: 'Assam' },
  { code: '10', name: 'Bihar' },
  { code: '04', name: 'Chandigarh' },
  { code: '22', name: 'Chhattisgarh' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu' },
  { code: '07', name: 'Delhi' },
  { code: '30', name: 'Goa' },
  { code: '24', name: 'Gujarat' },
  { code: '06', name: 'Haryana' },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '01', name: 'Jammu and Kashmir' },
  { code: '20', name: 'Jharkhand' },
  { code: '29', name: 'Karnataka' },
  { code: '32', name: 'Kerala' },
  { code: '38', name: 'Ladakh' },
  { code: '31', name: 'Lakshadweep' },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '27', name: 'Maharashtra' },
  { code: '14', name: 'Manipur' },
  { code: '17', name: 'Meghalaya' },
  { code: '15', name: 'Mizoram' },
  { code: '13', name: 'Nagaland' },
  { code: '21', name: 'Odisha' },
  { code: '34', name: 'Puducherry' },
  { code: '03', name: 'Punjab' },
  { code: '08', name: 'Rajasthan' },
  { code: '11', name: 'Sikkim' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '36', name: 'Telangana' },
  { code: '16', name: 'Tripura' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '05', name: 'Uttarakhand' },
  { code: '19', name: 'West Bengal' },
] as const;
export type GstState = (typeof GST_STATES)[number];

/** The names a shopper picks at checkout, A to Z. */
export const INDIAN_STATE_NAMES: readonly string[] = GST_STATES.map((state) => state.name);

/** Codes a GSTIN may start with besides the states': 97 other territory, 99 centre jurisdiction. */
const OTHER_GSTIN_CODES: Record<string, string> = { '97': 'Other Territory', '99': 'Centre Jurisdiction' };

/** A state by its name as written at checkout (case and spacing aside). */
export function stateByName(name: string): GstState | undefined {
  const wanted = name.trim().replace(/\s+/g, ' ').toLowerCase().replace(/&/g, 'and');
  return GST_STATES.find((state) => state.name.toLowerCase() === wanted);
}

export const stateByCode = (code: string): GstState | undefined => GST_STATES.find((state) => state.code === code);

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The 15th character of a GSTIN, computed from the first 14 (the GSTN's modulus-36 check). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let index = 0; index < 14; index += 1) {
    const product = GSTIN_CHARS.indexOf(first14.charAt(index)) * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS.charAt((36 - (sum % 36)) % 36);
}

export type GstinCheck =
  | { valid: true; gstin: string; stateCode: string; stateName: string }
  | { valid: false; error: string };

/**
 * Checks a GSTIN: 15 characters — a state code, the holder's PAN (5 letters, 4 digits, a letter),
 * the registration number in that state, 'Z', and a check character. Spaces and case are forgiven.
 */
export function checkGstin(input: string, label = 'GSTIN'): GstinCheck {
  const gstin = input.replace(/\s+/g, '').toUpperCase();
  if (gstin.length !== 15) return { valid: false, error: `${label} has 15 characters, like 29AAGCB7383J1Z4.` };
  const code = gstin.slice(0, 2);
  const stateName = stateByCode(code)?.name ?? OTHER_GSTIN_CODES[code];
  if (!stateName) return { valid: false, error: `${label} starts with a state code (01–38, 97 or 99), not ${code}.` };
  if (!/^[A-Z]{5}\d{4}[A-Z]$/.test(gstin.slice(2, 12)))
    return { valid: false, error: `${label}'s characters 3 to 12 are a PAN: 5 letters, 4 digits and a letter.` };
  if (!/^[1-9A-Z]Z[0-9A-Z]$/.test(gstin.slice(12)))
    return { valid: false, error: `${label} ends with a registration number (1–9 or A–Z), Z and a check character.` };
  if (gstinCheckCharacter(gstin) !== gstin.charAt(14))
    return { valid: false, error: `${label} ${gstin} is mistyped: its check character does not match.` };
  return { valid: true, gstin, stateCode: code, stateName };
}

/** The tax in a tax-inclusive amount, in paise: integrated (between states) or central + state (within one). */
export interface TaxSplit {
  /** The taxable value: the amount without its GST. */
  taxable: number;
  igst: number;
  cgst: number;
  sgst: number;
}

/**
 * Splits a GST-inclusive amount (integer paise) into its taxable value and tax, each rounded to the
 * paisa, so that taxable + taxes = amount exactly: within one state CGST and SGST at half the rate
 * each (always equal: see `equalHalves`), between states IGST at the full rate. Among the taxable
 * values that add up exactly, the one whose taxes are the rate applied to it, rounded, is chosen;
 * when none is, the nearest.
 */
export function splitInclusive(amount: number, rate: GstRate, withinState: boolean): TaxSplit {
  if (!Number.isInteger(amount) || amount < 0)
    throw new RangeError(`An amount in paise is a whole number, not ${amount}.`);
  const exact = (amount * 100) / (100 + rate);
  const taxOf = (taxable: number) =>
    withinState ? 2 * Math.round((taxable * rate) / 200) : Math.round((taxable * rate) / 100);
  const near = Math.round(exact);
  const candidates = [near, near - 1, near + 1, near - 2, near + 2].filter(
    (taxable) => taxable >= 0 && taxable <= amount,
  );
  const found = candidates.find((each) => each + taxOf(each) === amount) ?? near;
  if (!withinState) return { taxable: found, igst: amount - found, cgst: 0, sgst: 0 };
  const { taxable, half } = equalHalves(amount, found);
  return { taxable, igst: 0, cgst: half, sgst: half };
}

/**
 * CGST and SGST are always the same amount: when the tax left after the taxable value is an odd
 * number of paise (no exact split exists: ₹798 at 18%), the odd paisa goes to the taxable value,
 * so each half is whole and taxable + 2 × half is still the amount (docs/decisions.md).
 */
export function equalHalves(amount: number, taxable: number): { taxable: number; half: number } {
  const tax = amount - taxable;
  const half = Math.floor(tax / 2);
  return { taxable: amount - 2 * half, half };
}

/** An invoice number is PREFIX/YY-YY/NNNNNN and must fit GST's 16 characters: the prefix has at most 3. */
export const INVOICE_PREFIX = /^[A-Z0-9]{1,3}$/;

/**
 * The invoice prefix a store has until its merchant picks one: the capitals of its name, or the
 * initials of its words (NetKart → NK, "Chai Tech" → CT), at most three; a name of one plain word
 * gives its first two letters, and a name with no letter or digit 'IN'.
 */
export function defaultInvoicePrefix(storeName: string): string {
  const words = storeName
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9\s]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const capitals = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1).replace(/[^A-Z0-9]/g, '')).join('');
  if (capitals.length >= 2) return capitals.slice(0, 3);
  const letters = words.join('').toUpperCase();
  return letters.slice(0, 2) || 'IN';
}
