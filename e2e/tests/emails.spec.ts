import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { Mailbox } from './mailbox';
import { fillShipping, newShopper, type Shopper, simpleProduct } from './support';

const REPOSITORY = path.resolve(import.meta.dirname, '../..');
const MERCHANT = 'owner@netkart.test';

/**
 * The shop started as a merchant runs it with a mail server (SMTP_URL): its own process, database
 * and port, so the journey can take the mail server away and bring it back.
 */
test.describe('emails through a real mail server', () => {
  let dataDir: string;
  let shop: ChildProcess;
  let shopUrl: string;
  let mailbox: Mailbox;
  let context: BrowserContext;

  test.beforeAll(async ({ browser, baseURL }) => {
    const port = Number(new URL(baseURL ?? '').port) + 10;
    shopUrl = `http://localhost:${port}`;
    mailbox = new Mailbox(port + 1);
    await mailbox.start();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-e2e-mail-'));
    shop = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: REPOSITORY,
      stdio: 'inherit',
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'error',
        SMTP_URL: mailbox.url,
        NOTIFY_EMAIL: MERCHANT,
      },
    });
    await expect
      .poll(async () => (await fetch(`${shopUrl}/api/v1/health`).catch(() => undefined))?.status, { timeout: 60_000 })
      .toBe(200);
    context = await browser.newContext({ baseURL: shopUrl });
  });

  test.afterAll(async () => {
    await context?.close();
    shop?.kill('SIGTERM');
    await new Promise((resolve) => shop?.once('exit', resolve));
    await mailbox?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The merchant's `store` command on this shop's database. */
  async function store(...argv: string[]): Promise<string> {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.join(REPOSITORY, 'server/bin/store.js'), ...argv],
      {
        cwd: REPOSITORY,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', INIT_CWD: REPOSITORY },
      },
    );
    return stdout;
  }

  async function register(page: Page, shopper: Shopper) {
    await page.goto('/register');
    await page.getByLabel(/first name/i).fill(shopper.firstName);
    await page.getByLabel(/last name/i).fill(shopper.lastName);
    await page.getByLabel('Email').fill(shopper.email);
    await page.getByLabel('Password', { exact: true }).fill(shopper.password);
    await page.getByLabel(/confirm password/i).fill(shopper.password);
    await page.getByRole('button', { name: /create account|register|sign up/i }).click();
    await expect(page).not.toHaveURL(/\/register/);
  }

  /** Puts one product in the cart and places the order; ends on the payment page. */
  async function placeOrder(page: Page): Promise<string> {
    const product = await simpleProduct(page.request);
    await page.goto(`/product/${product.id}`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.goto('/checkout');
    await fillShipping(page);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/payment\?orderId=/);
    return new URL(page.url()).searchParams.get('orderId') ?? '';
  }

  test('a shopper hears of each step of the order, and the merchant of the new order', async () => {
    const page = await context.newPage();
    const shopper = newShopper();
    await register(page, shopper);
    const orderId = await placeOrder(page);

    const [placed] = await mailbox.waitFor(shopper.email, new RegExp(`^Order ${orderId} placed \\| NetKart$`));
    expect(placed?.body).toContain(`${shopUrl}/track-order?id=${orderId}`);
    expect(placed?.body).toContain('Indiranagar');
    const [toMerchant] = await mailbox.waitFor(
      MERCHANT,
      new RegExp(`^New order ${orderId}: ₹[\\d,]+\\.\\d\\d \\| NetKart$`),
    );
    expect(toMerchant?.body).toContain(shopper.email);

    // Paid through the sandbox gateway.
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(/\/order-success/);
    await mailbox.waitFor(shopper.email, new RegExp(`^Payment received for order ${orderId} \\| NetKart$`));

    // Shipped by the merchant from a terminal.
    expect(await store('orders', 'ship', orderId, '--courier', 'DTDC', '--tracking', 'DTDC-Z7654321')).toContain(
      'is now Shipped',
    );
    const [shipped] = await mailbox.waitFor(shopper.email, new RegExp(`^Order ${orderId} has shipped \\| NetKart$`));
    expect(shipped?.body).toContain('Courier: DTDC');
    expect(shipped?.body).toContain('Tracking number: DTDC-Z7654321');

    // Each message came once.
    expect(mailbox.received.filter((mail) => mail.subject.includes(orderId))).toHaveLength(4);
    await page.close();
  });

  test('with the mail server down an order still goes through, and its emails arrive once it is back', async () => {
    const page = await context.newPage();
    const shopper = newShopper();
    await register(page, shopper);
    await mailbox.stop();

    const orderId = await placeOrder(page);
    await expect(page.getByRole('button', { name: 'Pay Now' })).toBeVisible();
    await expect.poll(async () => store('mail', 'list'), { timeout: 30_000 }).toMatch(/pending\s+1\s+.*ECONNREFUSED/);
    expect(mailbox.received.some((mail) => mail.subject.includes(orderId))).toBe(false);

    await mailbox.start();
    expect(await store('mail', 'retry', '--all')).toMatch(/emails? (is|are) due now/);
    await mailbox.waitFor(shopper.email, new RegExp(`^Order ${orderId} placed \\| NetKart$`));
    await mailbox.waitFor(MERCHANT, new RegExp(`^New order ${orderId}:`));
    await page.close();
  });
});
