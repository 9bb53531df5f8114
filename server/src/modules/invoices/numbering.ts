import { defaultInvoicePrefix } from '@netkart/contract';
import type { InvoiceKind, StoreRow } from '../../db/schema.js';
import { istDay } from '../../shared/india-time.js';

/**
 * India's financial year of an instant, as invoice numbers write it: '26-27' from 1 April 2026 to
 * 31 March 2027, India time.
 */
export function financialYearOf(instant: number | string | Date): string {
  const [year = 0, month = 0] = istDay(instant).split('-').map(Number);
  const start = month >= 4 ? year : year - 1;
  const yy = (value: number) => String(value % 100).padStart(2, '0');
  return `${yy(start)}-${yy(start + 1)}`;
}

/**
 * The start of the store's invoice numbers: its invoice prefix (capitals and digits, at most 3),
 * else the default from its name (`defaultInvoicePrefix`: NetKart → NK).
 */
export function invoicePrefix(store: Pick<StoreRow, 'invoice_prefix' | 'store_name'>): string {
  const own = (store.invoice_prefix ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');
  return own.slice(0, 3) || defaultInvoicePrefix(store.store_name);
}

/** The documents a paid order gets: a tax invoice, or a receipt from a seller without a GSTIN; a credit note undoes either. */
export type DocumentType = 'tax-invoice' | 'receipt' | 'credit-note';

/** Each type's own series: its sequence's name in a financial year, and how its numbers look. */
const SERIES: Record<DocumentType, { sequence: string; marker: string; digits: number }> = {
  // NK/26-27/000001
  'tax-invoice': { sequence: 'invoice', marker: '', digits: 6 },
  // NKR/26-27/00001: never equal to an invoice's number, should the seller register mid-year.
  receipt: { sequence: 'receipt', marker: 'R', digits: 5 },
  // NKC/26-27/00001
  'credit-note': { sequence: 'credit-note', marker: 'C', digits: 5 },
};

/** The name of a series' sequence in a financial year: 'invoice:26-27'. */
export const sequenceName = (type: DocumentType, financialYear: string): string =>
  `${SERIES[type].sequence}:${financialYear}`;

/**
 * A document's number: at most 16 characters (CGST rule 46(b)) of capitals, digits, '/' and '-':
 * up to 3 of prefix, the series' marker, the financial year, and the sequence, zero-padded.
 */
export function documentNumber(type: DocumentType, prefix: string, financialYear: string, sequence: number): string {
  const { marker, digits } = SERIES[type];
  return `${prefix}${marker}/${financialYear}/${String(sequence).padStart(digits, '0')}`;
}

/** The invoices table's kind of a document: a receipt takes an invoice's place. */
export const kindOf = (type: DocumentType): InvoiceKind => (type === 'credit-note' ? 'credit-note' : 'invoice');

/** The file a document downloads as: invoice-NK-26-27-000001.pdf. */
export const fileNameOf = (type: DocumentType, number: string): string =>
  `${type === 'tax-invoice' ? 'invoice' : type}-${number.replace(/[^A-Za-z0-9]+/g, '-')}.pdf`;
