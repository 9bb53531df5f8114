import type { InvoiceDocument, PrintedLine } from './document.js';
import { BOTTOM, CONTENT_WIDTH, figure, PAGE, type Page, percent, roomFor, type Style } from './pdf-page.js';

/** A column of the line table: its heading, width, and what a line shows in it. */
interface Column {
  /** Its heading, line by line (a table's narrow columns never wrap mid-heading). */
  heading: string[];
  width: number;
  align: 'left' | 'right' | 'center';
  cell: (line: PrintedLine) => string;
  /** Its figure on the totals row, if any. */
  total?: string;
}

function columnsOf(document: InvoiceDocument): Column[] {
  const { totals } = document;
  const head: Column[] = [
    { heading: ['S.No'], width: 24, align: 'center', cell: (line) => String(line.number) },
    { heading: ['Description'], width: 0, align: 'left', cell: (line) => line.description },
    { heading: ['HSN/', 'SAC'], width: 44, align: 'center', cell: (line) => line.hsn ?? '—' },
    { heading: ['Qty'], width: 40, align: 'right', cell: (line) => `${line.quantity} ${line.unit}` },
    { heading: ['Unit price', '(₹)'], width: 58, align: 'right', cell: (line) => figure(line.unitPrice) },
  ];
  const tail: Column[] = [
    {
      heading: ['Total', '(₹)'],
      width: 60,
      align: 'right',
      cell: (line) => figure(line.total),
      total: figure(totals.total),
    },
  ];
  let middle: Column[] = [];
  if (document.taxed && document.supply === 'intra-state') {
    middle = [
      {
        heading: ['Taxable', 'value (₹)'],
        width: 60,
        align: 'right',
        cell: (l) => figure(l.taxable),
        total: figure(totals.taxable),
      },
      { heading: ['CGST', 'rate'], width: 32, align: 'right', cell: (l) => percent(l.rate / 2) },
      { heading: ['CGST', '(₹)'], width: 50, align: 'right', cell: (l) => figure(l.cgst), total: figure(totals.cgst) },
      { heading: ['SGST', 'rate'], width: 32, align: 'right', cell: (l) => percent(l.rate / 2) },
      { heading: ['SGST', '(₹)'], width: 50, align: 'right', cell: (l) => figure(l.sgst), total: figure(totals.sgst) },
    ];
  } else if (document.taxed) {
    middle = [
      {
        heading: ['Taxable', 'value (₹)'],
        width: 62,
        align: 'right',
        cell: (l) => figure(l.taxable),
        total: figure(totals.taxable),
      },
      { heading: ['IGST', 'rate'], width: 34, align: 'right', cell: (l) => percent(l.rate) },
      { heading: ['IGST', '(₹)'], width: 56, align: 'right', cell: (l) => figure(l.igst), total: figure(totals.igst) },
    ];
  }
  const columns = [...head, ...middle, ...tail];
  const fixed = columns.reduce((sum, column) => sum + column.width, 0);
  const description = columns[1];
  if (description) description.width = CONTENT_WIDTH - fixed;
  return columns;
}

const TABLE_STYLE: Style = { size: 7.5 };
const CELL_PAD = 3;
const HEADING_LINE = 10;

/** The table of the document's lines, a heading on every page it runs onto, and its totals row; the y below it. */
export function table(page: Page, doc: PDFKit.PDFDocument, document: InvoiceDocument, top: number): number {
  const columns = columnsOf(document);
  const heading = (y: number) => {
    const lines = Math.max(...columns.map((column) => column.heading.length));
    const height = lines * HEADING_LINE + 2 * CELL_PAD;
    page.box(PAGE.margin, y, CONTENT_WIDTH, height, '#eeeeee');
    let x = PAGE.margin;
    for (const column of columns) {
      column.heading.forEach((text, index) => {
        page.line(text, x + CELL_PAD, y + CELL_PAD + index * HEADING_LINE, {
          ...TABLE_STYLE,
          bold: true,
          width: column.width - 2 * CELL_PAD,
          align: column.align,
        });
      });
      x += column.width;
    }
    return y + height;
  };
  let y = heading(top);
  for (const line of document.lines) {
    const description = columns[1];
    const height =
      Math.max(page.height(line.description, (description?.width ?? 100) - 2 * CELL_PAD, TABLE_STYLE), 10) +
      2 * CELL_PAD;
    if (y + height > BOTTOM) {
      doc.addPage();
      y = heading(PAGE.margin);
    }
    let x = PAGE.margin;
    for (const column of columns) {
      const text = column.cell(line);
      if (column.align === 'left') {
        page.paragraph(text, x + CELL_PAD, y + CELL_PAD, column.width - 2 * CELL_PAD, TABLE_STYLE);
      } else {
        page.line(text, x + CELL_PAD, y + CELL_PAD, {
          ...TABLE_STYLE,
          width: column.width - 2 * CELL_PAD,
          align: column.align,
        });
      }
      x += column.width;
    }
    y += height;
    page.rule(y);
  }
  // The totals row: the sum of each figure column.
  y = roomFor(doc, y, 16);
  let x = PAGE.margin;
  for (const column of columns) {
    if (column.align === 'left') page.line('Total', x + CELL_PAD, y + CELL_PAD, { ...TABLE_STYLE, bold: true });
    if (column.total) {
      page.line(column.total, x + CELL_PAD, y + CELL_PAD, {
        ...TABLE_STYLE,
        bold: true,
        width: column.width - 2 * CELL_PAD,
        align: 'right',
      });
    }
    x += column.width;
  }
  y += 16;
  page.rule(y);
  return y;
}
