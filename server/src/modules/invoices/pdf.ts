import { type EwayBill, INVOICE_COPIES, type InvoiceCopy } from '@netkart/contract';
import PDFDocument from 'pdfkit';
import type { InvoiceDocument, PrintedParty } from './document.js';
import { fontFile, SUBSETS } from './pdf-fonts.js';
import { table } from './pdf-line-table.js';
import { CONTENT_WIDTH, GREY, PAGE, Page, printedDate, roomFor, stateLine } from './pdf-page.js';
import { totals } from './pdf-tax-summary.js';

/** What a PDF adds to the document as issued: which copy it is, and what the merchant gave since. */
export interface PdfExtras {
  copy: InvoiceCopy;
  /** The store's signature, printed above "Authorised Signatory". */
  signature?: Buffer | undefined;
  /** The consignment's e-way bill (rule 138). */
  ewayBill?: EwayBill | undefined;
}

/** Draws the document on A4 pages and returns the PDF's bytes. */
export function renderInvoicePdf(document: InvoiceDocument, extras: PdfExtras = { copy: 'original' }): Promise<Buffer> {
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
  draw(page, doc, document, extras);
  numberPages(page, doc, document);
  doc.end();
  return done;
}

function draw(page: Page, doc: PDFKit.PDFDocument, document: InvoiceDocument, extras: PdfExtras): void {
  const left = PAGE.margin;
  const half = CONTENT_WIDTH / 2;
  let y = PAGE.margin;

  page.line(document.title, left, y, { size: 16, bold: true });
  // Rule 48: the copy is marked on each; a credit note keeps the invoice's marks.
  page.line(INVOICE_COPIES[extras.copy], left, y + 4, {
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
    ...(extras.ewayBill && document.type !== 'credit-note'
      ? ([
          ['E-way bill No.', extras.ewayBill.number],
          ['E-way bill date', printedDate(extras.ewayBill.date)],
        ] as [string, string][])
      : []),
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
  // Rule 46(q): signed by the supplier; the owner's uploaded signature sits above the words.
  y = roomFor(doc, y + 14, 64);
  page.line(`For ${document.seller.name}`, left, y, { size: 9, bold: true, align: 'right' });
  if (extras.signature) {
    const box = { width: 140, height: 34 };
    doc.image(extras.signature, left + CONTENT_WIDTH - box.width, y + 13, {
      fit: [box.width, box.height],
      align: 'right',
      valign: 'bottom',
    });
  }
  page.line('Authorised Signatory', left, y + 50, { size: 8, color: GREY, align: 'right' });
  page.line(
    `This is a computer-generated ${document.type === 'tax-invoice' ? 'invoice' : document.title.toLowerCase()}.`,
    left,
    PAGE.height - PAGE.margin - 10,
    { size: 8, color: GREY, align: 'center' },
  );
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
