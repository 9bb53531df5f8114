import { checkGstin, type GstRate, STANDARD_GST_RATE, splitInclusive, stateByName } from '@netkart/contract';
import type { OrderChargeRow, OrderItemRow, OrderRow, StoreRow } from '../../db/schema.js';
import { istDay } from '../../shared/india-time.js';
import type { DocumentType } from './numbering.js';
import { rupeesInWords } from './words.js';

export const DOCUMENT_TITLES: Record<DocumentType, string> = {
  'tax-invoice': 'Tax Invoice',
  receipt: 'Receipt',
  'credit-note': 'Credit Note',
};

export interface PrintedState {
  name: string;
  /** The GST state code; null for a state name the GST list does not know. */
  code: string | null;
}

export interface PrintedParty {
  name: string;
  company: string | null;
  gstin: string | null;
  /** Address lines as printed, the state's line included. */
  address: string[];
  state: PrintedState | null;
  phone: string | null;
  email: string | null;
}

/** A line as printed; money in paise. */
export interface PrintedLine {
  number: number;
  description: string;
  /** The goods' HSN code, or for a charge (shipping) the service's SAC. */
  hsn: string | null;
  quantity: number;
  unit: 'NOS';
  /** What one piece sold for, GST included. */
  unitPrice: number;
  taxable: number;
  /** The GST rate in percent; for a seller without a GSTIN, 0 and no tax. */
  rate: number;
  /** True when the product had no rate and the standard one was applied. */
  rateAssumed: boolean;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}

export interface PrintedTotals {
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}

/**
 * Everything an invoice, receipt or credit note prints, kept as issued: the PDF is drawn from this
 * alone, so it reads the same whatever later happens to the catalogue or the store's details.
 */
export interface InvoiceDocument {
  version: 1;
  type: DocumentType;
  title: string;
  /** Whether tax is shown: the seller had a GSTIN when it was issued (a credit note follows its invoice). */
  taxed: boolean;
  number: string;
  /** The India-time day it was issued, YYYY-MM-DD. */
  date: string;
  orderId: string;
  orderDate: string;
  /** A credit note's invoice (or receipt), and why the order was cancelled. */
  against: { title: string; number: string; date: string } | null;
  reason: string | null;
  seller: PrintedParty;
  billTo: PrintedParty;
  shipTo: PrintedParty;
  /** Where the goods go: the shipping state. */
  placeOfSupply: PrintedState | null;
  /** CGST + SGST when the goods stay in the seller's state; IGST otherwise. */
  supply: 'intra-state' | 'inter-state';
  reverseCharge: 'No';
  lines: PrintedLine[];
  totals: PrintedTotals;
  amountInWords: string;
}

const stateOf = (name: string): PrintedState => {
  const state = stateByName(name);
  return state ? { name: state.name, code: state.code } : { name: name.trim(), code: null };
};

const describe = (item: OrderItemRow) =>
  [item.product_title, item.size ? `Size: ${item.size}` : '', item.color ? `Colour: ${item.color}` : '']
    .filter(Boolean)
    .join(', ');

/** The seller as printed: legal name (else the company's), address, and for a registered seller its GSTIN and state. */
export function sellerOf(store: StoreRow): PrintedParty {
  const gstin = store.gstin ? checkGstin(store.gstin) : undefined;
  const registered = gstin?.valid ? gstin : undefined;
  const name = store.legal_name?.trim() || store.company_name.trim() || store.store_name;
  return {
    name,
    company: name === store.store_name ? null : store.store_name,
    gstin: registered?.gstin ?? null,
    address: store.company_address
      .split(/\n+/)
      .map((line) => line.trim())
      .filter(Boolean),
    state: registered ? { name: registered.stateName, code: registered.stateCode } : null,
    phone: store.company_phone || null,
    email: store.company_email || null,
  };
}

function buyerOf(order: OrderRow): PrintedParty {
  const state = stateOf(order.state);
  return {
    name: order.full_name,
    company: order.buyer_company?.trim() || null,
    gstin: order.buyer_gstin?.trim().toUpperCase() || null,
    address: [
      order.address,
      `${order.city} ${order.postal_code}`,
      `${state.name}${state.code ? ` (State code ${state.code})` : ''}`,
    ],
    state,
    phone: order.phone,
    email: order.email,
  };
}

/** The rate a line is taxed at: its own, as sold, or the standard one. */
function rateOf(item: Pick<OrderItemRow, 'gst_rate'>): { rate: GstRate; assumed: boolean } {
  const rate = item.gst_rate === null ? Number.NaN : Number(item.gst_rate);
  if (Number.isFinite(rate) && rate >= 0 && rate <= 100) return { rate: rate as GstRate, assumed: false };
  return { rate: STANDARD_GST_RATE, assumed: true };
}

/**
 * The tax invoice (or, for a seller without a GSTIN, the receipt) of a paid order: each line's
 * GST-inclusive amount split into its taxable value and tax at the line's own rate, so the
 * taxable values and taxes add up to the order's total to the paisa.
 */
export function buildInvoice(
  store: StoreRow,
  order: OrderRow,
  items: OrderItemRow[],
  issue: { number: string; issuedAt: string },
  charges: OrderChargeRow[] = [],
): InvoiceDocument {
  const seller = sellerOf(store);
  const taxed = seller.gstin !== null;
  const buyer = buyerOf(order);
  const withinState = taxed && buyer.state?.code != null && buyer.state.code === seller.state?.code;
  const lines = items.map((item, index): PrintedLine => {
    const total = Number(item.unit_price) * item.quantity;
    const { rate, assumed } = rateOf(item);
    const split = taxed ? splitInclusive(total, rate, withinState) : { taxable: total, cgst: 0, sgst: 0, igst: 0 };
    return {
      number: index + 1,
      description: describe(item),
      hsn: item.hsn?.trim() || null,
      quantity: item.quantity,
      unit: 'NOS',
      unitPrice: Number(item.unit_price),
      taxable: split.taxable,
      rate: taxed ? rate : 0,
      rateAssumed: taxed && assumed,
      cgst: split.cgst,
      sgst: split.sgst,
      igst: split.igst,
      total,
    };
  });
  // Each charge (shipping: SAC 996812) is a line of its own, taxed at the rate the order gave it (the goods').
  // A discount is a negative line at the HSN and rate of the goods it comes off: it lowers their
  // taxable value and tax, so the invoice's taxable value is after the discount (as GST requires).
  for (const charge of charges) {
    const total = Number(charge.amount);
    const { rate, assumed } = rateOf(charge);
    const sign = total < 0 ? -1 : 1;
    const magnitude = taxed
      ? splitInclusive(Math.abs(total), rate, withinState)
      : { taxable: Math.abs(total), cgst: 0, sgst: 0, igst: 0 };
    const split = {
      taxable: sign * magnitude.taxable,
      cgst: sign * magnitude.cgst,
      sgst: sign * magnitude.sgst,
      igst: sign * magnitude.igst,
    };
    lines.push({
      number: lines.length + 1,
      description: charge.label,
      hsn: charge.sac || null,
      quantity: 1,
      unit: 'NOS',
      unitPrice: total,
      taxable: split.taxable,
      rate: taxed ? rate : 0,
      rateAssumed: taxed && assumed,
      cgst: split.cgst,
      sgst: split.sgst,
      igst: split.igst,
      total,
    });
  }
  const sum = (pick: (line: PrintedLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  const totals: PrintedTotals = {
    taxable: sum((line) => line.taxable),
    cgst: sum((line) => line.cgst),
    sgst: sum((line) => line.sgst),
    igst: sum((line) => line.igst),
    total: sum((line) => line.total),
  };
  const type: DocumentType = taxed ? 'tax-invoice' : 'receipt';
  return {
    version: 1,
    type,
    title: DOCUMENT_TITLES[type],
    taxed,
    number: issue.number,
    date: istDay(issue.issuedAt),
    orderId: order.id,
    orderDate: istDay(order.created_at),
    against: null,
    reason: null,
    seller,
    billTo: buyer,
    shipTo: buyer,
    placeOfSupply: buyer.state,
    supply: withinState ? 'intra-state' : 'inter-state',
    reverseCharge: 'No',
    lines,
    totals,
    amountInWords: rupeesInWords(totals.total),
  };
}

/**
 * The credit note of a cancelled order: the invoice's lines and figures, reversed in full, under
 * the credit note's own number, naming the invoice it cancels.
 */
export function buildCreditNote(
  invoice: InvoiceDocument,
  issue: { number: string; issuedAt: string; reason: string | null },
): InvoiceDocument {
  return {
    ...invoice,
    type: 'credit-note',
    title: DOCUMENT_TITLES['credit-note'],
    number: issue.number,
    date: istDay(issue.issuedAt),
    against: { title: invoice.title, number: invoice.number, date: invoice.date },
    reason: issue.reason,
  };
}

/** One returned order line: its place among the order's items (as the invoice numbers them) and how many go back. */
export interface ReturnedLine {
  /** 0-based, in the order's item order: the invoice's line `index + 1`. */
  index: number;
  quantity: number;
  /** Paise: the part of the order's discount these pieces took (the orders' item shares); 0 or unset: none. */
  discount?: number;
}

/**
 * The credit note of a received return: only the returned lines, each for the pieces that came back,
 * split into taxable value and tax at the invoice line's own rate and supply (a line returned in
 * full keeps the invoice's very figures), naming the invoice it reduces.
 */
export function buildReturnCreditNote(
  invoice: InvoiceDocument,
  returned: ReturnedLine[],
  issue: { number: string; issuedAt: string; reason: string | null },
): InvoiceDocument {
  const withinState = invoice.supply === 'intra-state';
  const lines: PrintedLine[] = [];
  for (const { index, quantity } of returned) {
    const line = invoice.lines[index];
    if (!line || quantity <= 0) continue;
    const total = line.unitPrice * quantity;
    const split =
      quantity === line.quantity
        ? { taxable: line.taxable, cgst: line.cgst, sgst: line.sgst, igst: line.igst }
        : invoice.taxed
          ? splitInclusive(total, line.rate as GstRate, withinState)
          : { taxable: total, cgst: 0, sgst: 0, igst: 0 };
    lines.push({ ...line, number: lines.length + 1, quantity, total, ...split });
  }
  // The discount the returned pieces took comes back off as the invoice printed it: a negative line
  // per HSN and rate, so the credit note's taxable value and tax are of what was paid for them.
  const discounts = new Map<string, { hsn: string | null; rate: number; amount: number }>();
  for (const { index, quantity, discount } of returned) {
    const line = invoice.lines[index];
    if (!line || quantity <= 0 || !discount || discount <= 0) continue;
    const key = `${line.hsn ?? ''}|${line.rate}`;
    const group = discounts.get(key) ?? { hsn: line.hsn, rate: line.rate, amount: 0 };
    group.amount += discount;
    discounts.set(key, group);
  }
  for (const { hsn, rate, amount } of discounts.values()) {
    const printed = invoice.lines.find((line) => line.total < 0 && line.hsn === hsn && line.rate === rate);
    // The whole of the invoice's discount line keeps its very figures; a part is split on its own.
    const split =
      printed && -printed.total === amount
        ? { taxable: -printed.taxable, cgst: -printed.cgst, sgst: -printed.sgst, igst: -printed.igst }
        : invoice.taxed
          ? splitInclusive(amount, rate as GstRate, withinState)
          : { taxable: amount, cgst: 0, sgst: 0, igst: 0 };
    lines.push({
      number: lines.length + 1,
      description: printed?.description ?? 'Discount',
      hsn,
      quantity: 1,
      unit: 'NOS',
      unitPrice: -amount,
      taxable: -split.taxable,
      rate,
      rateAssumed: printed?.rateAssumed ?? false,
      cgst: -split.cgst,
      sgst: -split.sgst,
      igst: -split.igst,
      total: -amount,
    });
  }
  const sum = (pick: (line: PrintedLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  const totals: PrintedTotals = {
    taxable: sum((line) => line.taxable),
    cgst: sum((line) => line.cgst),
    sgst: sum((line) => line.sgst),
    igst: sum((line) => line.igst),
    total: sum((line) => line.total),
  };
  return { ...buildCreditNote(invoice, issue), lines, totals, amountInWords: rupeesInWords(totals.total) };
}
