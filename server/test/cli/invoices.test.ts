import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Order } from '@netkart/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { client, orderableProducts, signUp, validAddress } from '../harness.js';
import { useCliShop } from './cli-harness.js';

const cli = useCliShop();
const hasPdftotext = spawnSync('pdftotext', ['-v']).error === undefined;
if (!hasPdftotext) console.warn('pdftotext (poppler-utils) is not installed: the invoice PDFs are not read back.');

let placeOrder: () => Promise<Order>;

beforeAll(async () => {
  await cli.shop.db
    .updateTable('stores')
    .set({ gstin: '29AAGCB7383J1Z4' })
    .where('id', '=', cli.shop.storeId)
    .execute();
  const http = client(cli.shop.app);
  const shopper = await signUp(cli.shop.app);
  const [product] = await orderableProducts(cli.shop.app);
  if (!product) throw new Error('no product to order');
  placeOrder = async () => {
    const response = await http.post(
      '/orders',
      { products: { [product.id]: 1 }, shippingAddress: validAddress },
      shopper.token,
    );
    expect(response.statusCode).toBe(201);
    return response.json() as Order;
  };
});

const textOf = (file: string) => spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).stdout;

describe('store orders invoice', () => {
  it('writes a paid order’s invoice, and after cancelling its credit note', async () => {
    const order = await placeOrder();
    expect((await cli.store('orders', 'paid', order.id, '--utr', '123456789012')).code).toBe(0);

    const written = await cli.store('orders', 'invoice', order.id, '--out', 'invoice.pdf');
    expect(written.stderr).toBe('');
    expect(written.code).toBe(0);
    const invoice = await cli.shop.services.invoices.find(cli.shop.storeId, order.id, 'invoice');
    expect(written.stdout).toBe(`Tax Invoice ${invoice?.row.number} of order ${order.id} written to invoice.pdf.\n`);
    const file = path.join(cli.files.dir, 'invoice.pdf');
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    // The old spelling still works, and says what the new one is.
    const oldSpelling = await cli.store('orders', 'invoice', order.id, '--output', 'again.pdf');
    expect(oldSpelling.code).toBe(0);
    expect(oldSpelling.stderr).toBe('Note: --output is now --out.\n');
    expect(fs.existsSync(path.join(cli.files.dir, 'again.pdf'))).toBe(true);
    if (hasPdftotext) {
      const text = textOf(file);
      expect(text).toContain('Tax Invoice');
      expect(text).toContain(invoice?.row.number);
      expect(text).toContain(order.id);
    }

    const shown = await cli.store('orders', 'show', order.id);
    expect(shown.stdout).toContain(
      `Tax Invoice ${invoice?.row.number} of ${invoice?.document.date} (npm run store -- orders invoice ${order.id})`,
    );

    expect((await cli.store('orders', 'cancel', order.id, '--yes')).code).toBe(0);
    const note = await cli.store('orders', 'invoice', order.id, '--credit-note');
    expect(note.code).toBe(0);
    const issued = await cli.shop.services.invoices.find(cli.shop.storeId, order.id, 'credit-note');
    expect((await cli.store('orders', 'show', order.id)).stdout).toContain(
      `Credit Note ${issued?.row.number} of ${issued?.document.date} (npm run store -- orders invoice ${order.id} --credit-note)`,
    );
    const name = `credit-note-${issued?.row.number.replace(/\//g, '-')}.pdf`;
    expect(note.stdout).toBe(`Credit Note ${issued?.row.number} of order ${order.id} written to ${name}.\n`);
    if (hasPdftotext) {
      const text = textOf(path.join(cli.files.dir, name));
      expect(text).toContain('Credit Note');
      expect(text).toContain(invoice?.row.number);
    }
  });

  it('says why an unpaid order has none', async () => {
    const order = await placeOrder();
    const result = await cli.store('orders', 'invoice', order.id, '--out', 'nothing.pdf');
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(
      `Order ${order.id} has no invoice yet: one is issued when the order is paid. It is Pending.`,
    );
    expect(fs.existsSync(path.join(cli.files.dir, 'nothing.pdf'))).toBe(false);
    const none = await cli.store('orders', 'invoice', order.id, '--credit-note');
    expect(none.stderr).toContain(
      `Order ${order.id} has no credit note: one is issued when a paid order is cancelled.`,
    );
  });
});
