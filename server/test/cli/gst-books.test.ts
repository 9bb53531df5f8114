import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { GST_REPORT_FILES, type Order } from '@netkart/contract';
import { parse as parseCsv } from 'csv-parse/sync';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { istDay } from '../../src/shared/india-time.js';
import { client, orderableProducts, signUp, validAddress } from '../harness.js';
import { useCliShop } from './cli-harness.js';

const cli = useCliShop();
let order: Order;

beforeAll(async () => {
  await cli.shop.db
    .updateTable('stores')
    .set({ gstin: '29AAGCB7383J1Z4' })
    .where('id', '=', cli.shop.storeId)
    .execute();
  const shopper = await signUp(cli.shop.app);
  const [product] = await orderableProducts(cli.shop.app);
  if (!product) throw new Error('no product to order');
  const placed = await client(cli.shop.app).post(
    '/orders',
    { products: { [product.id]: 2 }, shippingAddress: validAddress },
    shopper.token,
  );
  expect(placed.statusCode).toBe(201);
  order = placed.json() as Order;
  expect((await cli.store('orders', 'paid', order.id, '--utr', '223456789012')).code).toBe(0);
});

describe('store reports gst', () => {
  it("writes the month's GSTR-1 tables, one CSV each, adding up to the invoices", async () => {
    const month = istDay(new Date()).slice(0, 7);
    const result = await cli.store('reports', 'gst', '--month', month, '--out', 'gstr1');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Wrote GSTR-1 for ${month}`);
    const folder = path.join(cli.files.dir, 'gstr1');
    expect(fs.readdirSync(folder).sort()).toEqual(GST_REPORT_FILES.map((file) => `gstr1-${month}-${file}.csv`).sort());
    const b2cs = parseCsv(fs.readFileSync(path.join(folder, `gstr1-${month}-b2cs.csv`), 'utf8'), {
      columns: true,
    }) as Record<string, string>[];
    const invoice = await cli.shop.services.invoices.find(cli.shop.storeId, order.id, 'invoice');
    const taxable = b2cs.reduce((sum, row) => sum + Math.round(Number(row['Taxable Value']) * 100), 0);
    expect(taxable).toBe(invoice?.document.totals.taxable);
    for (const row of b2cs) expect(row['Central Tax Amount']).toBe(row['State/UT Tax Amount']);
  });

  it('refuses a month that is not YYYY-MM, writing nothing', async () => {
    const result = await cli.store('reports', 'gst', '--month', 'November', '--out', 'nothing');
    expect(result.code).toBe(1);
    expect(result.stderr).toBe("Error: --month is a month, YYYY-MM (2026-11), not 'November'.\n");
    expect(fs.existsSync(path.join(cli.files.dir, 'nothing'))).toBe(false);
  });
});

describe('store invoices signature', () => {
  it('keeps a PNG for every invoice, refuses anything else, and removes it', async () => {
    const png = await sharp({ create: { width: 300, height: 80, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    cli.files.write('signature.png', png);
    cli.files.write('signature.jpg', await sharp(png).jpeg().toBuffer());
    const refused = await cli.store('invoices', 'signature', 'signature.jpg');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe('Error: png: the signature picture must be a PNG file.\n');
    expect((await cli.store('invoices', 'signature', 'missing.png')).stderr).toBe('Error: No file missing.png.\n');

    const kept = await cli.store('invoices', 'signature', 'signature.png');
    expect(kept.code).toBe(0);
    expect(kept.stdout).toBe('Invoices now carry this signature above "Authorised Signatory".\n');
    expect((await cli.shop.services.invoices.signature(cli.shop.storeId))?.equals(png)).toBe(true);

    expect((await cli.store('invoices', 'signature', '--remove')).code).toBe(0);
    expect(await cli.shop.services.invoices.signature(cli.shop.storeId)).toBeUndefined();
  });
});

describe('store invoices eway-bill and store orders invoice --copy', () => {
  it('records a 12-digit e-way bill, refuses another length, and prints it on the transporter’s copy', async () => {
    const short = await cli.store('invoices', 'eway-bill', order.id, '--number', '12345');
    expect(short.code).toBe(1);
    expect(short.stderr).toBe('Error: number: an e-way bill number has 12 digits.\n');
    const saved = await cli.store('invoices', 'eway-bill', order.id, '--number', '331012345678');
    expect(saved.stderr).toBe('');
    const today = istDay(new Date());
    expect(saved.stdout).toBe(`E-way bill 331012345678 of ${today} recorded for order ${order.id}.\n`);
    expect(await cli.shop.services.invoices.ewayBill(cli.shop.storeId, order.id)).toEqual({
      number: '331012345678',
      date: today,
    });
    const wrongCopy = await cli.store('orders', 'invoice', order.id, '--copy', 'fourth');
    expect(wrongCopy.stderr).toBe("Error: --copy is original, duplicate or triplicate, not 'fourth'.\n");
    const written = await cli.store('orders', 'invoice', order.id, '--copy', 'duplicate', '--out', 'duplicate.pdf');
    expect(written.code).toBe(0);
    if (spawnSync('pdftotext', ['-v']).error === undefined) {
      const text = spawnSync('pdftotext', ['-layout', path.join(cli.files.dir, 'duplicate.pdf'), '-'], {
        encoding: 'utf8',
      }).stdout;
      expect(text).toContain('Duplicate for Transporter');
      expect(text).toMatch(/E-way bill No\.:\s+331012345678/);
    }
  });
});
