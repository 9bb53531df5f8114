import type { InvoiceDocument } from './document.js';
import { CONTENT_WIDTH, money, PAGE, type Page } from './pdf-page.js';

/** The sums at the foot of the table: the taxable value, each tax, and the total; the y below them. */
export function totals(page: Page, document: InvoiceDocument, top: number): number {
  const { totals: sums } = document;
  const rows: [string, string][] = document.taxed
    ? [
        ['Taxable value', money(sums.taxable)],
        ...(document.supply === 'intra-state'
          ? ([
              ['CGST', money(sums.cgst)],
              ['SGST', money(sums.sgst)],
            ] as [string, string][])
          : ([['IGST', money(sums.igst)]] as [string, string][])),
        ['Total tax', money(sums.cgst + sums.sgst + sums.igst)],
      ]
    : [];
  rows.push([document.type === 'credit-note' ? 'Total credit' : 'Total', money(sums.total)]);
  const x = PAGE.margin + CONTENT_WIDTH - 220;
  let y = top;
  rows.forEach(([label, value], index) => {
    const bold = index === rows.length - 1;
    page.line(label, x, y, { size: bold ? 11 : 9, bold });
    page.line(value, x + 100, y, { size: bold ? 11 : 9, bold, width: 120, align: 'right' });
    y += bold ? 16 : 13;
  });
  return y;
}
