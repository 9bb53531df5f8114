import type { InvoiceDocument, PrintedLine, PrintedState } from './document.js';

/**
 * GSTR-1's tables from the documents a store issued in a month, with the GST offline tool's column
 * names, so an accountant can paste each into its sheet. Every figure is in paise here; the CSV
 * writer turns them into rupees. Only documents that show tax count (a receipt of a seller without
 * a GSTIN is no outward supply to report); each invoice's lines are read generically, whatever they
 * sell (goods, or a service line such as shipping with its SAC in the HSN column).
 */

/** An issued document as the report reads it. */
export interface IssuedForReturn {
  kind: 'invoice' | 'credit-note';
  document: InvoiceDocument;
}

/** GSTR-1's threshold for a B2C invoice between states to be reported one by one (B2CL): ₹1,00,000 from 1 August 2024. */
export const B2CL_THRESHOLD = 1_00_000_00;

export interface TaxFigures {
  taxable: number;
  igst: number;
  cgst: number;
  sgst: number;
}

/** One invoice's (or note's) figures at one rate: GSTR-1 wants a row per rate per document. */
export interface RateRow extends TaxFigures {
  rate: number;
}

export interface B2bRow {
  gstin: string;
  receiverName: string;
  invoiceNumber: string;
  invoiceDate: string;
  invoiceValue: number;
  placeOfSupply: string;
  figures: RateRow;
}

export interface B2clRow {
  invoiceNumber: string;
  invoiceDate: string;
  invoiceValue: number;
  placeOfSupply: string;
  figures: RateRow;
}

export interface B2csRow {
  placeOfSupply: string;
  figures: RateRow;
}

export interface NoteRow {
  gstin: string | null;
  receiverName: string;
  noteNumber: string;
  noteDate: string;
  invoiceNumber: string;
  invoiceDate: string;
  placeOfSupply: string;
  noteValue: number;
  figures: RateRow;
}

export interface HsnRow {
  hsn: string;
  description: string;
  quantity: number;
  totalValue: number;
  figures: RateRow;
}

export interface Gstr1 {
  b2b: B2bRow[];
  b2cl: B2clRow[];
  b2cs: B2csRow[];
  cdnr: NoteRow[];
  cdnur: NoteRow[];
  hsnB2b: HsnRow[];
  hsnB2c: HsnRow[];
}

/** '29-Karnataka', as the offline tool lists places of supply. */
export const placeOfSupplyOf = (state: PrintedState | null): string =>
  state ? (state.code ? `${state.code}-${state.name}` : state.name) : '';

const zero = (): TaxFigures => ({ taxable: 0, igst: 0, cgst: 0, sgst: 0 });

function add(into: TaxFigures, line: TaxFigures, sign = 1): void {
  into.taxable += sign * line.taxable;
  into.igst += sign * line.igst;
  into.cgst += sign * line.cgst;
  into.sgst += sign * line.sgst;
}

/** A document's lines summed per rate, in the order the rates first appear. */
export function byRate(lines: PrintedLine[]): RateRow[] {
  const rows = new Map<number, RateRow>();
  for (const line of lines) {
    const row = rows.get(line.rate) ?? { rate: line.rate, ...zero() };
    add(row, line);
    rows.set(line.rate, row);
  }
  return [...rows.values()];
}

/** Which table an invoice (and so its credit note) belongs to. */
export function sectionOf(document: InvoiceDocument): 'b2b' | 'b2cl' | 'b2cs' {
  if (document.billTo.gstin) return 'b2b';
  return document.supply === 'inter-state' && document.totals.total > B2CL_THRESHOLD ? 'b2cl' : 'b2cs';
}

/** The month's GSTR-1 tables from its documents (issued that month, India time). */
export function gstr1Of(issued: IssuedForReturn[]): Gstr1 {
  const report: Gstr1 = { b2b: [], b2cl: [], b2cs: [], cdnr: [], cdnur: [], hsnB2b: [], hsnB2c: [] };
  const b2cs = new Map<string, B2csRow>();
  const hsn = { b2b: new Map<string, HsnRow>(), b2c: new Map<string, HsnRow>() };
  for (const { kind, document } of issued) {
    if (!document.taxed) continue;
    const section = sectionOf(document);
    const placeOfSupply = placeOfSupplyOf(document.placeOfSupply);
    const credit = kind === 'credit-note';
    const sign = credit ? -1 : 1;
    for (const figures of byRate(document.lines)) {
      if (credit) {
        const note: NoteRow = {
          gstin: document.billTo.gstin,
          receiverName: document.billTo.company ?? document.billTo.name,
          noteNumber: document.number,
          noteDate: document.date,
          invoiceNumber: document.against?.number ?? '',
          invoiceDate: document.against?.date ?? '',
          placeOfSupply,
          noteValue: document.totals.total,
          figures,
        };
        if (section === 'b2b') report.cdnr.push(note);
        else if (section === 'b2cl') report.cdnur.push(note);
      } else if (section === 'b2b') {
        report.b2b.push({
          gstin: document.billTo.gstin ?? '',
          receiverName: document.billTo.company ?? document.billTo.name,
          invoiceNumber: document.number,
          invoiceDate: document.date,
          invoiceValue: document.totals.total,
          placeOfSupply,
          figures,
        });
      } else if (section === 'b2cl') {
        report.b2cl.push({
          invoiceNumber: document.number,
          invoiceDate: document.date,
          invoiceValue: document.totals.total,
          placeOfSupply,
          figures,
        });
      }
      // B2CS is net: a small B2C invoice's credit note is taken off its place and rate's total.
      if (section === 'b2cs') {
        const key = `${placeOfSupply}|${figures.rate}`;
        const row = b2cs.get(key) ?? { placeOfSupply, figures: { rate: figures.rate, ...zero() } };
        add(row.figures, figures, sign);
        b2cs.set(key, row);
      }
    }
    // The HSN summary is net of credit notes too, kept apart for business and consumer buyers.
    const summary = section === 'b2b' ? hsn.b2b : hsn.b2c;
    for (const line of document.lines) {
      const code = line.hsn ?? '';
      const key = `${code}|${line.rate}`;
      const row = summary.get(key) ?? {
        hsn: code,
        description: line.description,
        quantity: 0,
        totalValue: 0,
        figures: { rate: line.rate, ...zero() },
      };
      // A discount's line (negative) lowers its HSN's value and tax, not how many pieces were sold.
      if (line.total >= 0) row.quantity += sign * line.quantity;
      row.totalValue += sign * line.total;
      add(row.figures, line, sign);
      summary.set(key, row);
    }
  }
  report.b2cs = [...b2cs.values()].sort(
    (a, b) => a.placeOfSupply.localeCompare(b.placeOfSupply) || a.figures.rate - b.figures.rate,
  );
  const sorted = (rows: Map<string, HsnRow>) =>
    [...rows.values()].sort((a, b) => a.hsn.localeCompare(b.hsn) || a.figures.rate - b.figures.rate);
  report.hsnB2b = sorted(hsn.b2b);
  report.hsnB2c = sorted(hsn.b2c);
  return report;
}
