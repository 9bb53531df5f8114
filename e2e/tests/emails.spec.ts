import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type BrowserContext, expect, type Page } from '@playwright/test';
import { Mailbox } from './mailbox';
import {
  fillShipping,
  newShopper,
  registerByApi,
  type Shopper,
  signIn,
  simpleProduct,
  test,
  waitForInteractivePages,
} from './support';

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
    context = waitForInteractivePages(await browser.newContext({ baseURL: shopUrl }));
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
    await mailbox.waitFor(shopper.email, /^Welcome to NetKart$/);
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

  test('a forgotten password is reset through the emailed link, and a contact message becomes a ticket', async () => {
    const page = await context.newPage();
    const shopper = newShopper();
    await registerByApi(page.request, shopper);

    await page.goto('/login');
    await page.getByRole('link', { name: /forgot/i }).click();
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await page.getByLabel('Email').fill(shopper.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('If an account exists for that email, we have sent a link')).toBeVisible();
    const [reset] = await mailbox.waitFor(shopper.email, /^Reset your password \| NetKart$/);
    const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(reset?.body ?? '')?.[0] ?? '';
    expect(link.startsWith(`${shopUrl}/reset-password?token=`)).toBe(true);

    await page.goto(link);
    await expect(page.getByRole('button', { name: 'Set new password' })).toBeVisible();
    await page.getByLabel('New password').fill('masala dosa 2');
    await page.getByLabel('Confirm password').fill('masala dosa 2');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL(/\/login/);
    await signIn(page, { ...shopper, password: 'masala dosa 2' });
    // The link worked once.
    await page.goto(link);
    await expect(page.getByRole('button', { name: 'Set new password' })).toBeVisible();
    await page.getByLabel('New password').fill('another one 3');
    await page.getByLabel('Confirm password').fill('another one 3');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(
      page.getByText('This reset link has expired or was already used. Please ask for a new one.'),
    ).toBeVisible();

    await page.goto('/contact');
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill('Asha Rao');
    await page.getByLabel('Email').fill(shopper.email);
    await page.getByLabel('Subject', { exact: true }).fill('Does the hub charge a phone?');
    await page
      .getByRole('textbox', { name: 'Message' })
      .fill('Can the 7-in-1 hub charge my phone while the laptop is connected?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    // The toast says it, and the form keeps saying it.
    const sent = page.getByRole('form', { name: 'Send us a message' }).getByRole('status');
    await expect(sent).toContainText('Message Sent');
    const ticket = /T-\d{6}/.exec((await sent.textContent()) ?? '')?.[0] ?? '';
    const [toMerchant] = await mailbox.waitFor(MERCHANT, new RegExp(ticket));
    expect(toMerchant?.body).toContain('Can the 7-in-1 hub charge my phone while the laptop is connected?');
    await mailbox.waitFor(shopper.email, new RegExp(ticket));
    expect(await store('tickets', 'list', '--open')).toContain(ticket);
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
