import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GST_REPORT_FILES, Order, OrderStatus } from '@netkart/contract';
import { parse as parseCsv } from 'csv-parse/sync';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDocument } from '../src/modules/invoices/document.js';
import { istDay } from '../src/shared/india-time.js';
import { addStaff, adminClient } from './admin-harness.js';
import { client, orderableProducts, signUp, startShop, type TestShop, validAddress } from './harness.js';

/** poppler reads the PDFs back; CI installs it. */
const hasPoppler = spawnSync('pdftotext', ['-v']).error === undefined;
if (!hasPoppler) console.warn('poppler-utils is not installed: the tests that read invoices back are skipped.');
const withPoppler = hasPoppler ? it : it.skip;

const SELLER_GSTIN = '29AAGCB7383J1Z4'; // Karnataka
const BUYER_GSTIN = '27AAPFU0939F1ZV'; // Maharashtra
const PUNE = { ...validAddress, city: 'Pune', state: 'Maharashtra', postalCode: '411038' };

function poppler(tool: 'pdftotext' | 'pdfimages', pdf: Buffer, args: string[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gst-books-'));
  try {
    const file = path.join(dir, 'document.pdf');
    fs.writeFileSync(file, pdf);
    const result = spawnSync(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr}`);
    return result.stdout;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
const pdfText = (pdf: Buffer) => poppler('pdftotext', pdf, ['-layout']);
/** The pictures in a PDF (their transparency masks aside), as pdfimages lists them after two lines of heading. */
const imageCount = (pdf: Buffer) =>
  poppler('pdfimages', pdf, ['-list'])
    .trim()
    .split('\n')
    .slice(2)
    .filter((line) => line.trim().split(/\s+/)[2] === 'image').length;

/** '1234.56' → 123456 paise, without floating point. */
const paise = (figure: string) => {
  const match = /^(-?)(\d+)\.(\d\d)$/.exec(figure);
  if (!match) throw new Error(`not a figure: ${figure}`);
  return (match[1] ? -1 : 1) * (Number(match[2]) * 100 + Number(match[3]));
};

/** A CSV as objects by its header's names. */
const rowsOf = (csv: string) => parseCsv(csv.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];

describe('books an accountant can file', () => {
  let shop: TestShop;
  let http: ReturnType<typeof client>;
  let shopper: Awaited<ReturnType<typeof signUp>>;
  let admin: ReturnType<typeof adminClient>;
  let owner: ReturnType<typeof adminClient>;
  let earbuds: string;
  let cable: string;
  let laptop: string;
  let utr = 300000000000;

  beforeAll(async () => {
    shop = await startShop();
    // The books' figures here are the goods' own: this store ships free (a shipping line is one more
    // invoice line, read like any other; shipping.test.ts prints and taxes it).
    await shop.services.shipping.setRules(shop.storeId, { freeFrom: 0, slabs: [{ price: 0 }] });
    http = client(shop.app);
    shopper = await signUp(shop.app);
    const [first, second, third] = await orderableProducts(shop.app, 20);
    if (!first || !second || !third) throw new Error('the demo store has too few products in stock');
    [earbuds, cable, laptop] = [first.id, second.id, third.id];
    const price = (id: string, paise: number, hsn: string, rate: number) =>
      shop.db
        .updateTable('products')
        .set({ regular_price: paise, discounted_price: null, hsn, gst_rate: rate })
        .where('id', '=', id)
        .execute();
    // The line: ₹798 at 18% gave CGST 60.87 and SGST 60.86.
    await price(earbuds, 79800, '85183000', 18);
    await price(cable, 9900, '85444299', 5);
    // Past ₹1,00,000: an invoice to a consumer in another state is reported one by one (B2CL).
    await price(laptop, 12000000, '84713010', 18);
    await shop.db
      .updateTable('stores')
      .set({ gstin: SELLER_GSTIN, legal_name: 'NetKart Technologies Private Limited' })
      .where('id', '=', shop.storeId)
      .execute();
    const staff = await addStaff(shop, { role: 'orders' });
    admin = adminClient(shop.app);
    expect((await admin.signIn(staff.email, staff.password)).statusCode).toBe(200);
    const boss = await addStaff(shop, { role: 'owner' });
    owner = adminClient(shop.app);
    expect((await owner.signIn(boss.email, boss.password)).statusCode).toBe(200);
  });
  afterAll(async () => shop?.close());

  const place = async (body: Record<string, unknown>) => {
    const response = await http.post('/orders', { shippingAddress: validAddress, ...body }, shopper.token);
    expect(response.statusCode, response.body).toBe(201);
    return Order.parse(response.json());
  };
  const pay = async (orderId: string) => {
    utr += 1;
    await shop.services.payments.recordManualPayment(shop.storeId, orderId, {
      provider: 'upi',
      reference: String(utr),
    });
  };
  const cancel = (orderId: string) =>
    shop.services.orders.move(shop.storeId, orderId, OrderStatus.Cancelled, { cancelReason: 'Out of stock' });
  const documentOf = async (orderId: string, kind: 'invoice' | 'credit-note' = 'invoice') => {
    const issued = await shop.services.invoices.find(shop.storeId, orderId, kind);
    if (!issued) throw new Error(`order ${orderId} has no ${kind}`);
    return issued;
  };

  it('gives CGST and SGST the same amount on the issue’s ₹798 line: the odd paisa goes to the taxable value', async () => {
    const order = await place({ products: { [earbuds]: 1 } });
    await pay(order.id);
    const { document } = await documentOf(order.id);
    expect(document.supply).toBe('intra-state');
    expect(document.lines[0]).toMatchObject({ taxable: 67628, cgst: 6086, sgst: 6086, igst: 0, total: 79800 });
    expect(document.totals).toMatchObject({ taxable: 67628, cgst: 6086, sgst: 6086, total: 79800 });
  });

  it('every line of every quantity and rate has equal halves adding up to what the shopper paid', async () => {
    const order = await place({ products: { [earbuds]: 3, [cable]: 7 } });
    await pay(order.id);
    await cancel(order.id);
    for (const kind of ['invoice', 'credit-note'] as const) {
      const { document } = await documentOf(order.id, kind);
      for (const line of document.lines) {
        expect(line.cgst).toBe(line.sgst);
        expect(line.taxable + line.cgst + line.sgst).toBe(line.total);
      }
      expect(document.totals.cgst).toBe(document.totals.sgst);
    }
  });

  describe('the GSTR-1 report of the month', () => {
    const month = istDay(new Date()).slice(0, 7);
    let b2b: Order;
    let b2bCancelled: Order;
    let b2cl: Order;
    let consumerCancelled: Order;

    beforeAll(async () => {
      b2b = await place({
        products: { [earbuds]: 2, [cable]: 1 },
        shippingAddress: PUNE,
        buyerGstin: BUYER_GSTIN,
        buyerCompany: 'Rao Traders',
      });
      b2bCancelled = await place({ products: { [cable]: 2 }, shippingAddress: PUNE, buyerGstin: BUYER_GSTIN });
      b2cl = await place({ products: { [laptop]: 1 }, shippingAddress: PUNE });
      consumerCancelled = await place({ products: { [earbuds]: 1 } });
      const inState = await place({ products: { [cable]: 3, [earbuds]: 1 } });
      const otherState = await place({ products: { [cable]: 1 }, shippingAddress: PUNE });
      for (const order of [b2b, b2bCancelled, b2cl, consumerCancelled, inState, otherState]) await pay(order.id);
      await place({ products: { [cable]: 1 } }); // unpaid: no invoice, not in the return
      await cancel(b2bCancelled.id);
      await cancel(b2cl.id);
      await cancel(consumerCancelled.id);
    });

    const download = async (file: string) => {
      const answer = await admin.get(`/admin/reports/gst?month=${month}&file=${file}`);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(answer.headers['content-disposition']).toBe(`attachment; filename="gstr1-${month}-${file}.csv"`);
      return rowsOf(answer.body);
    };

    /** Every document issued this month, as the invoices table holds them. */
    const issuedThisMonth = async () =>
      (
        await shop.db
          .selectFrom('invoices')
          .select(['kind', 'document_json'])
          .where('store_id', '=', shop.storeId)
          .execute()
      )
        .map((row) => ({ kind: row.kind, document: JSON.parse(row.document_json) as InvoiceDocument }))
        .filter(({ document }) => document.taxed && document.date.startsWith(month));

    it('lists B2B invoices by the buyer’s GSTIN, with the offline tool’s columns, a row per rate', async () => {
      const rows = await download('b2b');
      const invoice = (await documentOf(b2b.id)).document;
      const mine = rows.filter((row) => row['Invoice Number'] === invoice.number);
      expect(mine).toHaveLength(2);
      const [day, mon, year] = (mine[0]?.['Invoice date'] ?? '').split('-');
      expect(`${year}-${mon}-${day}`).toMatch(/^\d{4}-[A-Z][a-z]{2}-\d\d$/);
      expect(mine[0]).toMatchObject({
        'GSTIN/UIN of Recipient': BUYER_GSTIN,
        'Receiver Name': 'Rao Traders',
        'Invoice Value': '1695.00',
        'Place Of Supply': '27-Maharashtra',
        'Reverse Charge': 'N',
        'Invoice Type': 'Regular B2B',
        Rate: '18',
        'Cess Amount': '0.00',
        'Central Tax Amount': '0.00',
        'State/UT Tax Amount': '0.00',
      });
      expect(mine.map((row) => row.Rate).sort()).toEqual(['18', '5']);
      for (const row of mine) {
        expect(paise(row['Taxable Value'] ?? '') + paise(row['Integrated Tax Amount'] ?? '')).toBe(
          row.Rate === '18' ? 2 * 79800 : 9900,
        );
      }
    });

    it('B2CL, B2CS and the credit notes: each against its invoice, and everything adds up to the documents to the paisa', async () => {
      const tables = Object.fromEntries(
        await Promise.all(GST_REPORT_FILES.map(async (file) => [file, await download(file)] as const)),
      ) as Record<(typeof GST_REPORT_FILES)[number], Record<string, string>[]>;

      const laptopInvoice = (await documentOf(b2cl.id)).document;
      expect(tables.b2cl).toEqual([
        expect.objectContaining({
          'Invoice Number': laptopInvoice.number,
          'Invoice Value': '120000.00',
          'Place Of Supply': '27-Maharashtra',
          Rate: '18',
        }),
      ]);
      const laptopNote = (await documentOf(b2cl.id, 'credit-note')).document;
      expect(tables.cdnur).toEqual([
        expect.objectContaining({
          'UR Type': 'B2CL',
          'Note Number': laptopNote.number,
          'Note Type': 'C',
          'Invoice Number': laptopInvoice.number,
          'Note Value': '120000.00',
        }),
      ]);
      const b2bNote = (await documentOf(b2bCancelled.id, 'credit-note')).document;
      expect(tables.cdnr).toEqual([
        expect.objectContaining({
          'GSTIN/UIN of Recipient': BUYER_GSTIN,
          'Note Number': b2bNote.number,
          'Invoice Number': (await documentOf(b2bCancelled.id)).document.number,
          'Note Value': '198.00',
          'Place Of Supply': '27-Maharashtra',
        }),
      ]);
      // B2CS: one row per place of supply and rate, CGST equal to SGST on every row.
      const places = tables.b2cs.map((row) => `${row['Place Of Supply']} ${row.Rate}`);
      expect(new Set(places).size).toBe(places.length);
      expect(places).toEqual(expect.arrayContaining(['29-Karnataka 18', '29-Karnataka 5', '27-Maharashtra 5']));
      for (const table of [
        tables.b2b,
        tables.b2cl,
        tables.b2cs,
        tables.cdnr,
        tables.cdnur,
        tables['hsn-b2b'],
        tables['hsn-b2c'],
      ])
        for (const row of table) expect(row['Central Tax Amount']).toBe(row['State/UT Tax Amount']);
      for (const row of tables['hsn-b2b'].concat(tables['hsn-b2c'])) expect(row.UQC).toBe('NOS');

      // The sums: invoices less credit notes, taxable value and each tax, from the documents themselves.
      const documents = await issuedThisMonth();
      const net = (pick: (document: InvoiceDocument) => number) =>
        documents.reduce((sum, { kind, document }) => sum + (kind === 'credit-note' ? -1 : 1) * pick(document), 0);
      const figures = {
        'Taxable Value': net((document) => document.totals.taxable),
        'Integrated Tax Amount': net((document) => document.totals.igst),
        'Central Tax Amount': net((document) => document.totals.cgst),
        'State/UT Tax Amount': net((document) => document.totals.sgst),
      };
      const sum = (table: Record<string, string>[], column: string) =>
        table.reduce((total, row) => total + paise(row[column] ?? ''), 0);
      for (const [column, expected] of Object.entries(figures)) {
        const reported =
          sum(tables.b2b, column) +
          sum(tables.b2cl, column) +
          sum(tables.b2cs, column) -
          sum(tables.cdnr, column) -
          sum(tables.cdnur, column);
        expect(reported, column).toBe(expected);
        expect(sum(tables['hsn-b2b'], column) + sum(tables['hsn-b2c'], column), `HSN ${column}`).toBe(expected);
      }
      expect(figures['Central Tax Amount']).toBe(figures['State/UT Tax Amount']);
      expect(figures['Integrated Tax Amount']).toBeGreaterThan(0);
      expect(figures['Central Tax Amount']).toBeGreaterThan(0);
      // The HSN summary's quantities and values too, net of the credit notes.
      const hsnValue = sum(tables['hsn-b2b'], 'Total Value') + sum(tables['hsn-b2c'], 'Total Value');
      expect(hsnValue).toBe(net((document) => document.totals.total));
      const laptops = tables['hsn-b2c'].find((row) => row.HSN === '84713010');
      expect(laptops).toMatchObject({ 'Total Quantity': '0', 'Taxable Value': '0.00' });
    });

    it('refuses a month or a table it does not know, naming the field', async () => {
      const badMonth = await admin.get('/admin/reports/gst?month=2026-13&file=b2b');
      expect(badMonth.statusCode).toBe(400);
      expect(badMonth.body).toContain('month');
      const badFile = await admin.get(`/admin/reports/gst?month=${month}&file=b2x`);
      expect(badFile.statusCode).toBe(400);
      expect(badFile.body).toContain('file');
      const empty = await admin.get('/admin/reports/gst?month=2020-01&file=b2cs');
      expect(empty.statusCode).toBe(200);
      expect(rowsOf(empty.body)).toEqual([]);
    });

    it('the orders CSV carries the invoice number, taxable value and each tax, and a cancelled order its credit note', async () => {
      const today = istDay(new Date());
      const answer = await admin.get(`/admin/orders/export.csv?from=${today}&to=${today}`);
      expect(answer.statusCode).toBe(200);
      const rows = rowsOf(answer.body);
      const rowOf = (id: string) => rows.find((row) => row.Order === id);
      const invoice = (await documentOf(b2b.id)).document;
      expect(rowOf(b2b.id)).toMatchObject({
        'Buyer GSTIN': BUYER_GSTIN,
        Invoice: invoice.number,
        'Invoice date': invoice.date,
        'Taxable value (INR)': (invoice.totals.taxable / 100).toFixed(2),
        'IGST (INR)': (invoice.totals.igst / 100).toFixed(2),
        'CGST (INR)': '0.00',
        'SGST (INR)': '0.00',
        'Credit note': '',
      });
      const cancelled = rowOf(consumerCancelled.id);
      const note = (await documentOf(consumerCancelled.id, 'credit-note')).document;
      expect(cancelled).toMatchObject({ Status: 'Cancelled', 'Credit note': note.number, 'CGST (INR)': '60.86' });
      expect(cancelled?.['SGST (INR)']).toBe('60.86');
      expect(cancelled?.['Taxable value (INR)']).toBe('676.28');
    });
  });

  describe('the invoice PDF', () => {
    let order: Order;
    beforeAll(async () => {
      order = await place({ products: { [earbuds]: 1 } });
      await pay(order.id);
    });

    withPoppler(
      'is issued as Original for Recipient, Duplicate for Transporter and Triplicate for Supplier',
      async () => {
        const shopperCopy = pdfText((await http.get(`/orders/${order.id}/invoice`, shopper.token)).rawPayload);
        expect(shopperCopy).toContain('Original for Recipient');
        for (const [copy, words] of [
          ['original', 'Original for Recipient'],
          ['duplicate', 'Duplicate for Transporter'],
          ['triplicate', 'Triplicate for Supplier'],
        ]) {
          const answer = await admin.get(`/admin/orders/${order.id}/invoice?copy=${copy}`);
          expect(answer.statusCode).toBe(200);
          const text = pdfText(answer.rawPayload);
          expect(text).toContain(words);
          // The ₹798 line, printed: equal halves.
          expect(text).toMatch(/676\.28\s+9%\s+60\.86\s+9%\s+60\.86\s+798\.00/);
        }
        const bad = await admin.get(`/admin/orders/${order.id}/invoice?copy=quadruplicate`);
        expect(bad.statusCode).toBe(400);
        expect(bad.json().error).toBe('copy is original, duplicate or triplicate.');
      },
    );

    withPoppler('carries the owner’s signature above “Authorised Signatory”', async () => {
      const before = (await admin.get(`/admin/orders/${order.id}/invoice`)).rawPayload;
      expect(pdfText(before)).toContain('Authorised Signatory');
      expect(imageCount(before)).toBe(0);

      const png = await sharp({
        create: { width: 360, height: 90, channels: 4, background: { r: 20, g: 20, b: 120, alpha: 1 } },
      })
        .png()
        .toBuffer();
      const upload = (body: unknown, as = owner) => as.send('PUT', '/admin/invoice-signature', body);
      expect((await upload({ png: png.toString('base64') }, admin)).statusCode).toBe(403);
      const notPng = await upload({ png: Buffer.from('GIF89a not a png at all').toString('base64') });
      expect(notPng.statusCode).toBe(400);
      expect(notPng.json()).toMatchObject({ error: 'png: the signature picture must be a PNG file.', field: 'png' });
      const cut = await upload({ png: png.subarray(0, png.length - 40).toString('base64') });
      expect(cut.statusCode).toBe(400);
      expect((await upload({ png: png.toString('base64') })).statusCode).toBe(204);

      const signed = (await admin.get(`/admin/orders/${order.id}/invoice`)).rawPayload;
      expect(imageCount(signed)).toBe(1);
      expect(pdfText(signed)).toMatch(/For NetKart Technologies Private Limited[\s\S]*Authorised Signatory/);
      // The shopper's copy is signed too; the back office shows the signature it will print.
      expect(imageCount((await http.get(`/orders/${order.id}/invoice`, shopper.token)).rawPayload)).toBe(1);
      const shown = await admin.get('/admin/invoice-signature');
      expect(shown.headers['content-type']).toBe('image/png');
      expect(shown.rawPayload.equals(png)).toBe(true);

      expect((await owner.send('DELETE', '/admin/invoice-signature')).statusCode).toBe(204);
      expect(imageCount((await admin.get(`/admin/orders/${order.id}/invoice`)).rawPayload)).toBe(0);
      expect((await admin.get('/admin/invoice-signature')).statusCode).toBe(404);
    });

    withPoppler('records the e-way bill the merchant typed, 12 digits, and prints it', async () => {
      const path = `/admin/orders/${order.id}/eway-bill`;
      expect((await admin.get(path)).json()).toEqual({ ewayBill: null });
      const today = istDay(new Date());
      const short = await admin.send('PUT', path, { number: '12345678901', date: today });
      expect(short.statusCode).toBe(400);
      expect(short.json().error).toBe('number: an e-way bill number has 12 digits.');
      const future = await admin.send('PUT', path, { number: '123456789012', date: '2099-01-01' });
      expect(future.statusCode).toBe(400);
      expect(future.json()).toMatchObject({ field: 'date' });
      const notADay = await admin.send('PUT', path, { number: '123456789012', date: '2026-02-30' });
      expect(notADay.statusCode).toBe(400);
      expect(notADay.json()).toMatchObject({ field: 'date' });

      const unpaid = await place({ products: { [cable]: 1 } });
      const early = await admin.send('PUT', `/admin/orders/${unpaid.id}/eway-bill`, {
        number: '123456789012',
        date: today,
      });
      expect(early.statusCode).toBe(409);
      expect(early.json().error).toBe(
        `Order ${unpaid.id} has no invoice yet: record its e-way bill once it is paid and invoiced.`,
      );

      const saved = await admin.send('PUT', path, { number: '3310 1234 5678', date: today });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual({ ewayBill: { number: '331012345678', date: today } });
      expect((await admin.get(path)).json()).toEqual({ ewayBill: { number: '331012345678', date: today } });
      const text = pdfText((await admin.get(`/admin/orders/${order.id}/invoice?copy=duplicate`)).rawPayload);
      expect(text).toMatch(/E-way bill No\.:\s+331012345678/);
      expect(text).toMatch(new RegExp(`E-way bill date:\\s+${today.split('-').reverse().join('-')}`));
      const log = await shop.db
        .selectFrom('audit_log')
        .select('subject')
        .where('action', '=', 'order.eway-bill')
        .execute();
      expect(log).toContainEqual({ subject: `order:${order.id}` });

      expect((await admin.send('DELETE', path)).json()).toEqual({ ewayBill: null });
      expect(pdfText((await admin.get(`/admin/orders/${order.id}/invoice`)).rawPayload)).not.toContain('E-way bill');
    });
  });
});
