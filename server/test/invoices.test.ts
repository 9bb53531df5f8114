import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Order, OrderStatus } from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTransaction } from '../src/db/transaction.js';
import { financialYearOf, invoicePrefix } from '../src/modules/invoices/numbering.js';
import { InvoiceService } from '../src/modules/invoices/service.js';
import { numberInWords, rupeesInWords } from '../src/modules/invoices/words.js';
import { addStaff, adminClient } from './admin-harness.js';
import { client, orderableProducts, signUp, startShop, type TestShop, validAddress } from './harness.js';

/** poppler's pdftotext reads the PDFs back; CI installs it. */
const hasPdftotext = spawnSync('pdftotext', ['-v']).error === undefined;
if (!hasPdftotext)
  console.warn('pdftotext (poppler-utils) is not installed: the tests that read invoices back are skipped.');
const withPdftotext = hasPdftotext ? describe : describe.skip;

const SELLER_GSTIN = '29AAGCB7383J1Z4'; // Karnataka
const BUYER_GSTIN = '27AAPFU0939F1ZV'; // Maharashtra
const INVOICE_NUMBER = /^[A-Z0-9]{1,3}\/\d\d-\d\d\/\d{6}$/;
const CREDIT_NOTE_NUMBER = /^[A-Z0-9]{1,3}C\/\d\d-\d\d\/\d{5}$/;
const ORDER_NOT_FOUND = { error: 'Order not found or access denied.' };

/** The PDF as text, laid out as printed. */
function pdfText(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoice-'));
  try {
    const file = path.join(dir, 'invoice.pdf');
    fs.writeFileSync(file, pdf);
    const result = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`pdftotext failed: ${result.stderr}`);
    return result.stdout;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** 1,23,456.78 → 12345678 paise. */
const paise = (figure: string) => Math.round(Number(figure.replace(/[₹,]/g, '')) * 100);

/** The line table's rows as printed: HSN, quantity and each figure in paise. */
function tableRows(text: string, taxes: 'intra' | 'inter') {
  const money = '([\\d,]+\\.\\d\\d)';
  const rate = '([\\d.]+)%';
  const tail =
    taxes === 'intra'
      ? `${money}\\s+${money}\\s+${rate}\\s+${money}\\s+${rate}\\s+${money}\\s+${money}`
      : `${money}\\s+${money}\\s+${rate}\\s+${money}\\s+${money}`;
  const row = new RegExp(`^\\s*(\\d+)\\s+.*?\\s(\\d{4,8})\\s+(\\d+) NOS\\s+${tail}\\s*$`);
  return text
    .split('\n')
    .map((line) => row.exec(line))
    .filter((match) => match !== null)
    .map((match) => {
      const [, number, hsn, quantity, unit, taxable, ...rest] = match;
      const base = {
        number: Number(number),
        hsn,
        quantity: Number(quantity),
        unit: paise(unit ?? ''),
        taxable: paise(taxable ?? ''),
      };
      if (taxes === 'intra') {
        const [cgstRate, cgst, sgstRate, sgst, total] = rest;
        return {
          ...base,
          rate: Number(cgstRate) + Number(sgstRate),
          cgst: paise(cgst ?? ''),
          sgst: paise(sgst ?? ''),
          igst: 0,
          total: paise(total ?? ''),
        };
      }
      const [igstRate, igst, total] = rest;
      return { ...base, rate: Number(igstRate), cgst: 0, sgst: 0, igst: paise(igst ?? ''), total: paise(total ?? '') };
    });
}

/** The figure printed after a label in the totals: 'CGST   ₹29,204.00'. */
const totalAfter = (text: string, label: string) => {
  const match = new RegExp(`^\\s*${label}\\s+(₹[\\d,]+\\.\\d\\d)\\s*$`, 'm').exec(text);
  return match?.[1] ? paise(match[1]) : undefined;
};

describe('numbers and words', () => {
  it.each([
    ['2026-03-31T18:29:59Z', '25-26'], // 23:59:59 on 31 March, India time
    ['2026-03-31T18:30:00Z', '26-27'], // midnight starting 1 April, India time
    ['2026-11-23T10:00:00Z', '26-27'],
    ['2027-01-01T00:00:00Z', '26-27'],
    ['2099-12-31T00:00:00Z', '99-00'],
  ])('an invoice issued at %s belongs to the financial year %s', (instant, year) => {
    expect(financialYearOf(instant)).toBe(year);
  });

  it.each([
    [{ invoice_prefix: null, store_name: 'NetKart' }, 'NK'],
    [{ invoice_prefix: null, store_name: 'Tech Bazaar India Online' }, 'TBI'],
    [{ invoice_prefix: null, store_name: 'gadgetwala' }, 'GA'],
    [{ invoice_prefix: 'nk-2', store_name: 'NetKart' }, 'NK2'],
  ])('the prefix of %j is %s', (store, prefix) => {
    expect(invoicePrefix(store)).toBe(prefix);
  });

  it.each([
    [0, 'Zero'],
    [15, 'Fifteen'],
    [99, 'Ninety-Nine'],
    [100, 'One Hundred'],
    [1_001, 'One Thousand One'],
    [1_23_456, 'One Lakh Twenty-Three Thousand Four Hundred Fifty-Six'],
    [10_00_000, 'Ten Lakh'],
    [1_00_00_000, 'One Crore'],
    [12_34_56_789, 'Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine'],
  ])('%i in words is %s', (value, words) => {
    expect(numberInWords(value)).toBe(words);
  });

  it('writes rupees and paise', () => {
    expect(rupeesInWords(12345650)).toBe(
      'Indian Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Fifty Paise Only',
    );
    expect(rupeesInWords(389700)).toBe('Indian Rupees Three Thousand Eight Hundred Ninety-Seven Only');
  });
});

describe('tax invoices and credit notes', () => {
  let shop: TestShop;
  let http: ReturnType<typeof client>;
  let shopper: Awaited<ReturnType<typeof signUp>>;
  let charger: string;
  let cable: string;
  let utr = 100000000000;

  beforeAll(async () => {
    shop = await startShop();
    http = client(shop.app);
    shopper = await signUp(shop.app);
    const [first, second] = await orderableProducts(shop.app, 60);
    if (!first || !second) throw new Error('the demo store has too few products in stock');
    charger = first.id;
    cable = second.id;
    // Prices and rates worked by hand below: ₹1,899.00 at 18%, ₹99.00 at 5%.
    await shop.db
      .updateTable('products')
      .set({ regular_price: 189900, discounted_price: null, hsn: '85044030', gst_rate: 18 })
      .where('id', '=', charger)
      .execute();
    await shop.db
      .updateTable('products')
      .set({ regular_price: 9900, discounted_price: null, hsn: '85444299', gst_rate: 5 })
      .where('id', '=', cable)
      .execute();
    await shop.db
      .updateTable('stores')
      .set({ gstin: SELLER_GSTIN, legal_name: 'NetKart Technologies Private Limited' })
      .where('id', '=', shop.storeId)
      .execute();
  });
  afterAll(async () => shop?.close());

  const place = async (body: Record<string, unknown>, token = shopper.token) => {
    const response = await http.post('/orders', { shippingAddress: validAddress, ...body }, token);
    expect(response.statusCode, response.body).toBe(201);
    return Order.parse(response.json());
  };
  /** Paid by UPI: the merchant records the transfer's UTR, as from the back office or the `store` command. */
  const pay = async (orderId: string) => {
    utr += 1;
    await shop.services.payments.recordManualPayment(shop.storeId, orderId, {
      provider: 'upi',
      reference: String(utr),
    });
  };
  const invoiceOf = (orderId: string, kind: 'invoice' | 'credit-note' = 'invoice') =>
    shop.db
      .selectFrom('invoices')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('kind', '=', kind)
      .executeTakeFirst();

  it('takes the place of supply from the PIN: Pune 411038 from a Karnataka seller is IGST, whatever state the order holds', async () => {
    const order = await place({
      products: { [cable]: 1 },
      shippingAddress: { ...validAddress, city: 'Pune', state: 'Maharashtra', postalCode: '411038' },
    });
    // An order from before the PIN check could hold any state: the invoice must still follow the PIN.
    await shop.db.updateTable('orders').set({ state: 'Karnataka' }).where('id', '=', order.id).execute();
    await pay(order.id);
    const document = JSON.parse((await invoiceOf(order.id))?.document_json ?? '{}');
    expect(document.placeOfSupply).toEqual({ name: 'Maharashtra', code: '27' });
    expect(document.supply).toBe('inter-state');
    expect(document.totals).toMatchObject({ cgst: 0, sgst: 0 });
    expect(document.totals.igst).toBeGreaterThan(0);
  });

  withPdftotext('read back from the PDF', () => {
    it('within the seller’s state: CGST and SGST at half the rate each, adding up to the order total', async () => {
      const order = await place({ products: { [charger]: 2, [cable]: 1 } });
      await pay(order.id);

      const response = await http.get(`/orders/${order.id}/invoice`, shopper.token);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      // A name and an address: no browser or proxy keeps a copy.
      expect(response.headers['cache-control']).toBe('private, no-store');
      const row = await invoiceOf(order.id);
      expect(row?.number).toMatch(INVOICE_NUMBER);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="invoice-${row?.number.replace(/\//g, '-')}.pdf"`,
      );
      const text = pdfText(response.rawPayload);
      expect(text).toContain('Tax Invoice');
      expect(text).toMatch(new RegExp(`Invoice No\\.:\\s+${row?.number.replace(/\//g, '\\/')}`));
      expect(text).toContain('NetKart Technologies Private Limited');
      expect(text).toContain(`GSTIN: ${SELLER_GSTIN}`);
      expect(text).toContain('State: Karnataka, State code: 29');
      expect(text).toMatch(/Place of supply:\s+Karnataka, State code: 29/);
      expect(text).toMatch(/Reverse charge:\s+No/);
      expect(text).not.toContain('IGST');

      // Worked by hand: 2 × ₹1,899.00 = ₹3,798.00 at 18% is ₹3,218.64 + 9% ₹289.68 twice;
      // ₹99.00 at 5% is ₹94.28 + 2.5% ₹2.36 twice.
      const rows = tableRows(text, 'intra');
      expect(rows).toEqual([
        {
          number: 1,
          hsn: '85044030',
          quantity: 2,
          unit: 189900,
          taxable: 321864,
          rate: 18,
          cgst: 28968,
          sgst: 28968,
          igst: 0,
          total: 379800,
        },
        {
          number: 2,
          hsn: '85444299',
          quantity: 1,
          unit: 9900,
          taxable: 9428,
          rate: 5,
          cgst: 236,
          sgst: 236,
          igst: 0,
          total: 9900,
        },
      ]);
      for (const line of rows) {
        expect(line.taxable + line.cgst + line.sgst).toBe(line.total);
        expect(line.cgst).toBe(line.sgst);
        expect(Math.abs(line.cgst - (line.taxable * line.rate) / 200)).toBeLessThanOrEqual(0.5);
      }
      const sum = (pick: (line: (typeof rows)[number]) => number) =>
        rows.reduce((total, line) => total + pick(line), 0);
      expect(totalAfter(text, 'Taxable value')).toBe(sum((line) => line.taxable));
      expect(totalAfter(text, 'CGST')).toBe(sum((line) => line.cgst));
      expect(totalAfter(text, 'SGST')).toBe(sum((line) => line.sgst));
      expect(totalAfter(text, 'Total')).toBe(389700);
      expect(Math.round(Number(order.total) * 100)).toBe(389700);
      expect(text).toContain('₹3,897.00');
      expect(text).toContain('Amount in words: Indian Rupees Three Thousand Eight Hundred Ninety-Seven Only');
      expect(text).toContain('This is a computer-generated invoice.');
    });

    it('to another state: IGST at the full rate, with the business buyer’s GSTIN and company, numbered next', async () => {
      const before = await shop.db
        .selectFrom('invoices')
        .select(({ fn }) => fn.max('sequence').as('last'))
        .where('kind', '=', 'invoice')
        .executeTakeFirstOrThrow();
      const order = await place({
        products: { [charger]: 1, [cable]: 1 },
        shippingAddress: { ...validAddress, city: 'Pune', state: 'Maharashtra', postalCode: '411001' },
        buyerGstin: BUYER_GSTIN,
        buyerCompany: 'Rao Traders',
      });
      await pay(order.id);
      const row = await invoiceOf(order.id);
      expect(row?.sequence).toBe(Number(before.last) + 1);

      const text = pdfText((await http.get(`/orders/${order.id}/invoice`, shopper.token)).rawPayload);
      expect(text).toContain(`GSTIN: ${BUYER_GSTIN}`);
      expect(text).toContain('Rao Traders');
      expect(text).toMatch(/Place of supply:\s+Maharashtra, State code: 27/);
      expect(text).not.toContain('CGST');
      const rows = tableRows(text, 'inter');
      expect(rows).toEqual([
        {
          number: 1,
          hsn: '85044030',
          quantity: 1,
          unit: 189900,
          taxable: 160932,
          rate: 18,
          cgst: 0,
          sgst: 0,
          igst: 28968,
          total: 189900,
        },
        {
          number: 2,
          hsn: '85444299',
          quantity: 1,
          unit: 9900,
          taxable: 9429,
          rate: 5,
          cgst: 0,
          sgst: 0,
          igst: 471,
          total: 9900,
        },
      ]);
      for (const line of rows) {
        expect(line.taxable + line.igst).toBe(line.total);
        expect(Math.abs(line.igst - (line.taxable * line.rate) / 100)).toBeLessThanOrEqual(0.5);
      }
      expect(totalAfter(text, 'Taxable value')).toBe(170361);
      expect(totalAfter(text, 'IGST')).toBe(29439);
      expect(totalAfter(text, 'Total')).toBe(199800);
    });

    it('a paid order cancelled gets a credit note naming its invoice; the invoice stays', async () => {
      const order = await place({ products: { [cable]: 3 } });
      await pay(order.id);
      const invoice = await invoiceOf(order.id);
      await shop.services.orders.move(shop.storeId, order.id, OrderStatus.Cancelled, {
        cancelReason: 'Cancelled by the shop',
      });
      const note = await invoiceOf(order.id, 'credit-note');
      expect(note?.number).toMatch(CREDIT_NOTE_NUMBER);
      // 3 × ₹99 and the demo store's ₹79 shipping below ₹999: the whole total is credited.
      expect(note?.total).toBe(37600);

      const response = await http.get(`/orders/${order.id}/credit-note`, shopper.token);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="credit-note-${note?.number.replace(/\//g, '-')}.pdf"`,
      );
      const text = pdfText(response.rawPayload);
      expect(text).toContain('Credit Note');
      expect(text).toMatch(new RegExp(`Against tax invoice:\\s+${invoice?.number.replace(/\//g, '\\/')}`));
      expect(text).toMatch(/Reason:\s+Cancelled by the shop/);
      expect(totalAfter(text, 'Total credit')).toBe(37600);
      expect((await http.get(`/orders/${order.id}/invoice`, shopper.token)).statusCode).toBe(200);
    });

    it('a seller without a GSTIN issues a plain receipt, in its own series, without tax', async () => {
      await shop.db.updateTable('stores').set({ gstin: null }).where('id', '=', shop.storeId).execute();
      try {
        const order = await place({ products: { [charger]: 1 } });
        await pay(order.id);
        const row = await invoiceOf(order.id);
        expect(row?.number).toMatch(/^[A-Z0-9]{1,3}R\/\d\d-\d\d\/\d{5}$/);
        const text = pdfText((await http.get(`/orders/${order.id}/invoice`, shopper.token)).rawPayload);
        expect(text).toContain('Receipt');
        expect(text).not.toMatch(/Tax Invoice|GSTIN|CGST|IGST|Taxable/);
        expect(text).toContain('not registered under GST');
        expect(totalAfter(text, 'Total')).toBe(189900);
      } finally {
        await shop.db.updateTable('stores').set({ gstin: SELLER_GSTIN }).where('id', '=', shop.storeId).execute();
      }
    });

    it('keeps what it printed when the catalogue and the store change later', async () => {
      const order = await place({ products: { [cable]: 1 } });
      await pay(order.id);
      const first = pdfText((await http.get(`/orders/${order.id}/invoice`, shopper.token)).rawPayload);
      await shop.db.updateTable('products').set({ gst_rate: 40, hsn: '99999999' }).where('id', '=', cable).execute();
      await shop.db
        .updateTable('stores')
        .set({ legal_name: 'Someone Else Ltd' })
        .where('id', '=', shop.storeId)
        .execute();
      try {
        const again = pdfText((await http.get(`/orders/${order.id}/invoice`, shopper.token)).rawPayload);
        expect(again).toBe(first);
      } finally {
        await shop.db.updateTable('products').set({ gst_rate: 5, hsn: '85444299' }).where('id', '=', cable).execute();
        await shop.db
          .updateTable('stores')
          .set({ legal_name: 'NetKart Technologies Private Limited' })
          .where('id', '=', shop.storeId)
          .execute();
      }
    });
  });

  it('an order read names its documents: none while unpaid, the invoice once paid, the credit note once cancelled', async () => {
    const order = await place({ products: { [cable]: 1 } });
    const read = async () => Order.parse((await http.get(`/orders/${order.id}`, shopper.token)).json()).documents;
    expect(await read()).toEqual([]);
    await pay(order.id);
    const invoice = await invoiceOf(order.id);
    expect(await read()).toEqual([{ type: 'tax-invoice', number: invoice?.number, issuedAt: invoice?.issued_at }]);
    await shop.services.orders.move(shop.storeId, order.id, OrderStatus.Cancelled, { cancelReason: 'Out of stock' });
    const note = await invoiceOf(order.id, 'credit-note');
    expect((await read()).map((document) => [document.type, document.number])).toEqual([
      ['tax-invoice', invoice?.number],
      ['credit-note', note?.number],
    ]);
    const listed = (await http.get('/orders', shopper.token)).json() as Order[];
    expect(listed.find((each) => each.id === order.id)?.documents).toHaveLength(2);
  });

  it('20 payments at once get 20 consecutive numbers, none repeated', async () => {
    const orders = [];
    for (let index = 0; index < 20; index += 1) orders.push(await place({ products: { [cable]: 1 } }));
    await Promise.all(orders.map((order) => pay(order.id)));
    const rows = await shop.db
      .selectFrom('invoices')
      .select(['number', 'sequence', 'financial_year'])
      .where(
        'order_id',
        'in',
        orders.map((order) => order.id),
      )
      .orderBy('sequence')
      .execute();
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((row) => row.number)).size).toBe(20);
    const first = rows[0]?.sequence ?? 0;
    expect(rows.map((row) => row.sequence)).toEqual(Array.from({ length: 20 }, (_, index) => first + index));
    for (const row of rows) expect(row.number).toMatch(INVOICE_NUMBER);
    // Nothing issued before them is left out: the series has no gaps.
    const all = await shop.db
      .selectFrom('invoices')
      .select('sequence')
      .where('kind', '=', 'invoice')
      .where('financial_year', '=', rows[0]?.financial_year ?? '')
      .where('number', 'not like', '%R/%')
      .orderBy('sequence')
      .execute();
    expect(all.map((row) => row.sequence)).toEqual(Array.from({ length: all.length }, (_, index) => index + 1));
  });

  it('numbers start again at 1 on 1 April, India time', async () => {
    const at = (instant: string) => new InvoiceService(shop.db, shop.services.stores, () => new Date(instant));
    const issue = async (service: InvoiceService) => {
      const order = await place({ products: { [cable]: 1 } });
      const row = await shop.services.orders.findRow(shop.storeId, order.id);
      if (!row) throw new Error('no order');
      const items = await shop.db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).execute();
      return writeTransaction(shop.db, (trx) => service.issueInvoice(trx, row, items));
    };
    const march = await issue(at('2027-03-31T18:29:00Z')); // 23:59 on 31 March 2027
    const april = await issue(at('2027-03-31T18:30:00Z')); // 00:00 on 1 April 2027
    const april2 = await issue(at('2027-04-01T09:00:00Z'));
    expect(march.row.number).toMatch(/^NK\/26-27\/\d{6}$/);
    expect(march.document.date).toBe('2027-03-31');
    expect(april.row.number).toBe('NK/27-28/000001');
    expect(april.document.date).toBe('2027-04-01');
    expect(april2.row.number).toBe('NK/27-28/000002');
  });

  describe('who may download it', () => {
    let paid: Order;
    let unpaid: Order;
    beforeAll(async () => {
      paid = await place({ products: { [cable]: 1 } });
      await pay(paid.id);
      unpaid = await place({ products: { [cable]: 1 } });
    });

    it('its owner, and anyone with its email or phone', async () => {
      expect((await http.get(`/orders/${paid.id}/invoice`, shopper.token)).statusCode).toBe(200);
      const byEmail = await http.get(`/orders/${paid.id}/invoice?contactInfo=${encodeURIComponent(shopper.email)}`);
      expect(byEmail.statusCode).toBe(200);
      expect(byEmail.headers['content-type']).toBe('application/pdf');
      const byPhone = await http.get(`/orders/${paid.id.toLowerCase()}/invoice?contactInfo=9845012345`);
      expect(byPhone.statusCode).toBe(200);
    });

    it('nobody else, and no order without one: the same answer as an order they cannot read', async () => {
      const stranger = await signUp(shop.app);
      for (const response of [
        await http.get(`/orders/${paid.id}/invoice`, stranger.token),
        await http.get(`/orders/${paid.id}/invoice`),
        await http.get(`/orders/${paid.id}/invoice?contactInfo=someone.else%40example.in`),
        await http.get(`/orders/${unpaid.id}/invoice`, shopper.token),
        await http.get(`/orders/${paid.id}/credit-note`, shopper.token),
        await http.get('/orders/NOSUCHORDER/invoice', shopper.token),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(ORDER_NOT_FOUND);
      }
    });

    it('guesses by contact details count against the order look-up limit', async () => {
      const limited = await startShop({ rateLimits: { trackingFailuresPerOrder: 2 } });
      try {
        const guess = () => client(limited.app).get(`/orders/${'A'.repeat(10)}/invoice?contactInfo=x%40example.in`);
        expect((await guess()).statusCode).toBe(404);
        expect((await guess()).statusCode).toBe(404);
        expect((await guess()).statusCode).toBe(429);
      } finally {
        await limited.close();
      }
    });

    it('the store’s staff from the back office', async () => {
      const { email, password } = await addStaff(shop, { role: 'read-only' });
      const admin = adminClient(shop.app);
      expect((await admin.get(`/admin/orders/${paid.id}/invoice`)).statusCode).toBe(401);
      expect((await admin.signIn(email, password)).statusCode).toBe(200);
      const answer = await admin.get(`/admin/orders/${paid.id}/invoice`);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('application/pdf');
      expect(answer.headers['cache-control']).toBe('private, no-store');
      expect(answer.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const none = await admin.get(`/admin/orders/${unpaid.id}/invoice`);
      expect(none.statusCode).toBe(404);
      expect(none.json()).toEqual({
        error: `Order ${unpaid.id} has no invoice: one is issued when the order is paid.`,
      });
    });
  });
});
