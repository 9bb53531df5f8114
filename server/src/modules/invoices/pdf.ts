import fs from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatInr, toRupees } from '../../shared/money.js';
import type { InvoiceDocument, PrintedLine, PrintedParty, PrintedState } from './document.js';

const require = createRequire(import.meta.url);

/**
 * Noto Sans comes in subsets: Latin for the text, Devanagari for ₹ and Hindi, Latin Extended for
 * the rest of India's romanised names. Each character is written in the first subset that has it.
 */
const SUBSETS = ['latin', 'devanagari', 'latin-ext'] as const;
type Subset = (typeof SUBSETS)[number];
const fontBytes = new Map<string, Buffer>();
/** A subset's WOFF file, read once per process. */
function fontFile(subset: Subset, weight: 400 | 700): Buffer {
  const name = `noto-sans-${subset}-${weight}-normal.woff`;
  let bytes = fontBytes.get(name);
  if (!bytes) {
    bytes = fs.readFileSync(require.resolve(`@fontsource/noto-sans/files/${name}`));
    fontBytes.set(name, bytes);
  }
  return bytes;
}

/** The subsets' unicode-range, as @fontsource's CSS gives them. */
const LATIN = rangesOf(
  '0000-00FF,0131,0152-0153,02BB-02BC,02C6,02DA,02DC,0304,0308,0329,2000-206F,20AC,2122,2191,2193,2212,2215,FEFF,FFFD',
);
const DEVANAGARI = rangesOf('0900-097F,1CD0-1CF9,200C-200D,20A8,20B9,20F0,25CC,A830-A839,A8E0-A8FF');

function rangesOf(spec: string): [number, number][] {
  return spec.split(',').map((range) => {
    const [from = 0, to = from] = range.split('-').map((hex) => Number.parseInt(hex, 16));
    return [from, to];
  });
}

const within = (ranges: [number, number][], char: string) => {
  const code = char.codePointAt(0) ?? 0;
  return ranges.some(([from, to]) => code >= from && code <= to);
};

const subsetOf = (char: string): Subset =>
  within(LATIN, char) ? 'latin' : within(DEVANAGARI, char) ? 'devanagari' : 'latin-ext';

/** The text cut where the subset changes: 'Total ₹1,180.00' → 'Total ', '₹', '1,180.00'. */
function runsOf(text: string): { subset: Subset; text: string }[] {
  const runs: { subset: Subset; text: string }[] = [];
  for (const char of text) {
    // Joiners and spaces stay with the run they are in.
    const subset =
      (/\s/.test(char) || char === '\u200c' || char === '\u200d') && runs.length
        ? (runs.at(-1)?.subset ?? 'latin')
        : subsetOf(char);
    const last = runs.at(-1);
    if (last && last.subset === subset) last.text += char;
    else runs.push({ subset, text: char });
  }
  return runs;
}

const PAGE = { width: 595.28, height: 841.89, margin: 36 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin - 24;
const GREY = '#555555';
const RULE = '#999999';

interface Style {
  size?: number;
  bold?: boolean;
  color?: string;
}

const plain = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** A table's figures: 1,23,456.00 (the column says ₹). */
const figure = (paise: number) => plain.format(toRupees(paise));
/** A total: ₹1,23,456.00. */
const money = (paise: number) => formatInr(toRupees(paise));
const percent = (rate: number) => `${Number(rate.toFixed(3))}%`;
/** 2026-11-23 → 23-11-2026, as Indian invoices write dates. */
const printedDate = (day: string) => day.split('-').reverse().join('-');
const stateLine = (state: PrintedState | null) =>
  state ? `${state.name}${state.code ? `, State code: ${state.code}` : ''}` : '—';

class Page {
  constructor(private readonly doc: PDFKit.PDFDocument) {}

  private use(style: Style, subset: Subset = 'latin') {
    this.doc
      .font(`${subset}-${style.bold ? 700 : 400}`)
      .fontSize(style.size ?? 9)
      .fillColor(style.color ?? '#000000');
  }

  width(text: string, style: Style = {}): number {
    return runsOf(text).reduce((sum, run) => {
      this.use(style, run.subset);
      return sum + this.doc.widthOfString(run.text);
    }, 0);
  }

  /** One line, never wrapped; aligned within `width` from x. */
  line(
    text: string,
    x: number,
    y: number,
    style: Style & { width?: number; align?: 'left' | 'right' | 'center' } = {},
  ) {
    const width = style.width ?? CONTENT_WIDTH;
    const used = this.width(text, style);
    let at = style.align === 'right' ? x + width - used : style.align === 'center' ? x + (width - used) / 2 : x;
    for (const run of runsOf(text)) {
      this.use(style, run.subset);
      this.doc.text(run.text, at, y, { lineBreak: false });
      at += this.doc.widthOfString(run.text);
    }
  }

  /** Text wrapped within `width`; returns the height it took. */
  paragraph(text: string, x: number, y: number, width: number, style: Style = {}): number {
    const runs = runsOf(text);
    runs.forEach((run, index) => {
      this.use(style, run.subset);
      const continued = index < runs.length - 1;
      if (index === 0) this.doc.text(run.text, x, y, { width, continued });
      else this.doc.text(run.text, { continued });
    });
    return this.doc.y - y;
  }

  height(text: string, width: number, style: Style = {}): number {
    this.use(style);
    return this.doc.heightOfString(text, { width });
  }

  rule(y: number, x = PAGE.margin, width = CONTENT_WIDTH) {
    this.doc
      .moveTo(x, y)
      .lineTo(x + width, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  }

  box(x: number, y: number, width: number, height: number, fill: string) {
    this.doc.rect(x, y, width, height).fill(fill);
  }
}

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
    { heading: ['HSN'], width: 44, align: 'center', cell: (line) => line.hsn ?? '—' },
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

/** Draws the document on A4 pages and returns the PDF's bytes. */
export function renderInvoicePdf(document: InvoiceDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    autoFirstPage: true,
    // Kept until the end, so each page can say which of how many it is.
    bufferPages: true,
    info: {
      Title: `${document.title} ${document.number}`,
      Author: document.seller.name,
      Subject: `Order ${document.orderId}`,
    },
  });
  for (const subset of SUBSETS) {
    doc.registerFont(`${subset}-400`, fontFile(subset, 400));
    doc.registerFont(`${subset}-700`, fontFile(subset, 700));
  }
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const page = new Page(doc);
  draw(page, doc, document);
  numberPages(page, doc, document);
  doc.end();
  return done;
}

function draw(page: Page, doc: PDFKit.PDFDocument, document: InvoiceDocument): void {
  const left = PAGE.margin;
  const half = CONTENT_WIDTH / 2;
  let y = PAGE.margin;

  page.line(document.title, left, y, { size: 16, bold: true });
  page.line(document.type === 'credit-note' ? 'Original' : 'Original for Recipient', left, y + 4, {
    size: 8,
    color: GREY,
    align: 'right',
  });
  y += 26;
  page.rule(y);
  y += 8;

  // The seller on the left; the document's particulars on the right.
  const sellerTop = y;
  y = party(page, document.seller, left, y, half - 12, { title: 'Seller', showContact: true });
  const particulars: [string, string][] = [
    [
      `${document.type === 'credit-note' ? 'Credit note' : document.type === 'receipt' ? 'Receipt' : 'Invoice'} No.`,
      document.number,
    ],
    [
      `${document.type === 'credit-note' ? 'Credit note' : document.type === 'receipt' ? 'Receipt' : 'Invoice'} date`,
      printedDate(document.date),
    ],
    ...(document.against
      ? ([
          [`Against ${document.against.title.toLowerCase()}`, document.against.number],
          [`${document.against.title} date`, printedDate(document.against.date)],
        ] as [string, string][])
      : []),
    ['Order No.', document.orderId],
    ['Order date', printedDate(document.orderDate)],
    ...(document.taxed
      ? ([
          ['Place of supply', stateLine(document.placeOfSupply)],
          ['Reverse charge', document.reverseCharge],
        ] as [string, string][])
      : []),
    ...(document.reason ? ([['Reason', document.reason]] as [string, string][]) : []),
  ];
  let right = sellerTop;
  for (const [label, value] of particulars) {
    page.line(`${label}:`, left + half, right, { size: 9, color: GREY });
    right += page.paragraph(value, left + half + 92, right, half - 92, { size: 9, bold: label.endsWith('No.') }) + 2;
  }
  y = Math.max(y, right) + 6;
  page.rule(y);
  y += 8;

  // Bill to and ship to: the order's one address, with the buyer's GSTIN when given.
  const billed = party(page, document.billTo, left, y, half - 12, { title: 'Bill to' });
  const shipped = party(page, document.shipTo, left + half, y, half - 12, { title: 'Ship to' });
  y = Math.max(billed, shipped) + 6;
  page.rule(y);
  y += 10;

  y = table(page, doc, document, y);
  y = totals(page, document, y + 8);

  const closing = [
    `Amount in words: ${document.amountInWords}`,
    ...(document.type === 'receipt'
      ? ['The seller is not registered under GST: no GST is charged on this receipt.']
      : []),
    ...(document.type === 'credit-note' && document.against
      ? [`This credit note reverses ${document.against.title.toLowerCase()} ${document.against.number} in full.`]
      : []),
  ];
  y += 10;
  for (const text of closing) {
    y = roomFor(doc, y, page.height(text, CONTENT_WIDTH, { size: 9 }) + 4);
    y += page.paragraph(text, left, y, CONTENT_WIDTH, { size: 9, bold: text.startsWith('Amount') }) + 4;
  }
  y = roomFor(doc, y + 14, 48);
  page.line(`For ${document.seller.name}`, left, y, { size: 9, bold: true, align: 'right' });
  page.line('Authorised signatory', left, y + 30, { size: 8, color: GREY, align: 'right' });
  page.line(
    `This is a computer-generated ${document.type === 'tax-invoice' ? 'invoice' : document.title.toLowerCase()}.`,
    left,
    PAGE.height - PAGE.margin - 10,
    { size: 8, color: GREY, align: 'center' },
  );
}

/** A new page when `needed` points do not fit below y; the y to write at. */
function roomFor(doc: PDFKit.PDFDocument, y: number, needed: number): number {
  if (y + needed <= BOTTOM) return y;
  doc.addPage();
  return PAGE.margin;
}

function party(
  page: Page,
  who: PrintedParty,
  x: number,
  y: number,
  width: number,
  options: { title: string; showContact?: boolean },
): number {
  let at = y;
  page.line(options.title, x, at, { size: 8, color: GREY });
  at += 12;
  at += page.paragraph(who.name, x, at, width, { size: 10, bold: true }) + 1;
  if (who.company) at += page.paragraph(who.company, x, at, width, { size: 9 }) + 1;
  for (const line of who.address) at += page.paragraph(line, x, at, width, { size: 9 }) + 1;
  if (who.gstin) at += page.paragraph(`GSTIN: ${who.gstin}`, x, at, width, { size: 9, bold: true }) + 1;
  if (options.showContact && who.state)
    at += page.paragraph(`State: ${stateLine(who.state)}`, x, at, width, { size: 9 }) + 1;
  if (!options.showContact && who.phone) at += page.paragraph(`Phone: ${who.phone}`, x, at, width, { size: 9 }) + 1;
  if (options.showContact) {
    const contact = [who.phone, who.email].filter(Boolean).join(' · ');
    if (contact) at += page.paragraph(contact, x, at, width, { size: 8, color: GREY }) + 1;
  }
  return at;
}

function table(page: Page, doc: PDFKit.PDFDocument, document: InvoiceDocument, top: number): number {
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

function totals(page: Page, document: InvoiceDocument, top: number): number {
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

/** '<number> · Page 1 of 2' at the foot of each page of a document longer than one. */
function numberPages(page: Page, doc: PDFKit.PDFDocument, document: InvoiceDocument): void {
  const { start, count } = doc.bufferedPageRange();
  if (count < 2) return;
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    page.line(
      `${document.number} · Page ${index - start + 1} of ${count}`,
      PAGE.margin,
      PAGE.height - PAGE.margin - 10,
      {
        size: 8,
        color: GREY,
        align: 'right',
      },
    );
  }
}
