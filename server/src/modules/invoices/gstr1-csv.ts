import type { GstReportFile } from '@netkart/contract';
import { stringify } from 'csv-stringify/sync';
import { csvTextCell as text } from '../../shared/csv-cell.js';
import type { Gstr1, RateRow } from './gstr1.js';

/** Paise as rupees with two decimals, worked in whole numbers so no float ever drops a paisa. */
export function rupeeFigure(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const whole = Math.abs(paise);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 2026-11-05 → 05-Nov-2026, the offline tool's date. */
export function returnDate(day: string): string {
  const [year, month, date] = day.split('-');
  return day ? `${date}-${MONTHS[Number(month) - 1]}-${year}` : '';
}

const rate = (row: RateRow) => String(Number(row.rate.toFixed(3)));
/** The taxes after the offline tool's own columns: the tool works them out, the accountant checks against them. */
const TAX_COLUMNS = ['Integrated Tax Amount', 'Central Tax Amount', 'State/UT Tax Amount'];
const taxes = (row: RateRow) => [rupeeFigure(row.igst), rupeeFigure(row.cgst), rupeeFigure(row.sgst)];

/** One report's CSV: the offline tool's column names first, then the taxes. */
export function gstr1Csv(report: Gstr1, file: GstReportFile): string {
  const rows: (string | number)[][] = [];
  switch (file) {
    case 'b2b':
      rows.push([
        'GSTIN/UIN of Recipient',
        'Receiver Name',
        'Invoice Number',
        'Invoice date',
        'Invoice Value',
        'Place Of Supply',
        'Reverse Charge',
        'Applicable % of Tax Rate',
        'Invoice Type',
        'E-Commerce GSTIN',
        'Rate',
        'Taxable Value',
        'Cess Amount',
        ...TAX_COLUMNS,
      ]);
      for (const row of report.b2b) {
        rows.push([
          row.gstin,
          text(row.receiverName),
          row.invoiceNumber,
          returnDate(row.invoiceDate),
          rupeeFigure(row.invoiceValue),
          row.placeOfSupply,
          'N',
          '',
          'Regular B2B',
          '',
          rate(row.figures),
          rupeeFigure(row.figures.taxable),
          '0.00',
          ...taxes(row.figures),
        ]);
      }
      break;
    case 'b2cl':
      rows.push([
        'Invoice Number',
        'Invoice date',
        'Invoice Value',
        'Place Of Supply',
        'Applicable % of Tax Rate',
        'Rate',
        'Taxable Value',
        'Cess Amount',
        'E-Commerce GSTIN',
        ...TAX_COLUMNS,
      ]);
      for (const row of report.b2cl) {
        rows.push([
          row.invoiceNumber,
          returnDate(row.invoiceDate),
          rupeeFigure(row.invoiceValue),
          row.placeOfSupply,
          '',
          rate(row.figures),
          rupeeFigure(row.figures.taxable),
          '0.00',
          '',
          ...taxes(row.figures),
        ]);
      }
      break;
    case 'b2cs':
      rows.push([
        'Type',
        'Place Of Supply',
        'Applicable % of Tax Rate',
        'Rate',
        'Taxable Value',
        'Cess Amount',
        'E-Commerce GSTIN',
        ...TAX_COLUMNS,
      ]);
      for (const row of report.b2cs) {
        rows.push([
          'OE',
          row.placeOfSupply,
          '',
          rate(row.figures),
          rupeeFigure(row.figures.taxable),
          '0.00',
          '',
          ...taxes(row.figures),
        ]);
      }
      break;
    case 'cdnr':
      rows.push([
        'GSTIN/UIN of Recipient',
        'Receiver Name',
        'Note Number',
        'Note Date',
        'Note Type',
        'Place Of Supply',
        'Reverse Charge',
        'Note Supply Type',
        'Note Value',
        'Applicable % of Tax Rate',
        'Rate',
        'Taxable Value',
        'Cess Amount',
        'Invoice Number',
        'Invoice date',
        ...TAX_COLUMNS,
      ]);
      for (const row of report.cdnr) {
        rows.push([
          row.gstin ?? '',
          text(row.receiverName),
          row.noteNumber,
          returnDate(row.noteDate),
          'C',
          row.placeOfSupply,
          'N',
          'Regular B2B',
          rupeeFigure(row.noteValue),
          '',
          rate(row.figures),
          rupeeFigure(row.figures.taxable),
          '0.00',
          row.invoiceNumber,
          returnDate(row.invoiceDate),
          ...taxes(row.figures),
        ]);
      }
      break;
    case 'cdnur':
      rows.push([
        'UR Type',
        'Note Number',
        'Note Date',
        'Note Type',
        'Place Of Supply',
        'Note Value',
        'Applicable % of Tax Rate',
        'Rate',
        'Taxable Value',
        'Cess Amount',
        'Invoice Number',
        'Invoice date',
        ...TAX_COLUMNS,
      ]);
      for (const row of report.cdnur) {
        rows.push([
          'B2CL',
          row.noteNumber,
          returnDate(row.noteDate),
          'C',
          row.placeOfSupply,
          rupeeFigure(row.noteValue),
          '',
          rate(row.figures),
          rupeeFigure(row.figures.taxable),
          '0.00',
          row.invoiceNumber,
          returnDate(row.invoiceDate),
          ...taxes(row.figures),
        ]);
      }
      break;
    case 'hsn-b2b':
    case 'hsn-b2c':
      rows.push([
        'HSN',
        'Description',
        'UQC',
        'Total Quantity',
        'Total Value',
        'Rate',
        'Taxable Value',
        ...TAX_COLUMNS,
        'Cess Amount',
      ]);
      for (const row of file === 'hsn-b2b' ? report.hsnB2b : report.hsnB2c) {
        rows.push([
          row.hsn,
          text(row.description),
          'NOS',
          row.quantity,
          rupeeFigure(row.totalValue),
          rate(row.figures),
          rupeeFigure(row.figures.taxable),
          ...taxes(row.figures),
          '0.00',
        ]);
      }
      break;
  }
  return stringify(rows);
}
