import path from 'node:path';
import { expect } from '@playwright/test';
import { store } from './store-command';
import { orderOneProduct, test } from './support';

const REPOSITORY = path.resolve(import.meta.dirname, '../..');
const KEYS = { keyId: 'rzp_test_E2eJourney01', keySecret: 'e2e-key-secret-1', webhookSecret: 'e2e-webhook-secret' };

/** The fake Razorpay the server tests use, loaded by its path (it lives with the server's tests). */
interface FakeRazorpay {
  url: string;
  checkoutUrl: string;
  orders: Map<string, { receipt: string | null; amount: number; status: string }>;
  start(): Promise<FakeRazorpay>;
  close(): Promise<void>;
}
const FAKE = path.join(REPOSITORY, 'server/test/fakes/razorpay.ts');

let razorpay: FakeRazorpay;

test.beforeAll(async () => {
  const { FakeRazorpay: Fake } = (await import(FAKE)) as { FakeRazorpay: new (keys: typeof KEYS) => FakeRazorpay };
  razorpay = await new Fake(KEYS).start();
  await store(
    'payments',
    'set',
    '--provider',
    'razorpay',
    '--razorpay-key-id',
    KEYS.keyId,
    '--razorpay-key-secret',
    KEYS.keySecret,
    '--razorpay-webhook-secret',
    KEYS.webhookSecret,
    '--razorpay-api-url',
    razorpay.url,
    '--razorpay-checkout-url',
    razorpay.checkoutUrl,
  );
});

test.afterAll(async () => {
  // The other journeys pay on the sandbox.
  await store('payments', 'set', '--provider', 'sandbox');
  await razorpay?.close();
});

test('paying in Razorpay Checkout moves the order to Processing', async ({ page, request }) => {
  // The whole checkout and a second gateway: more room than one page's wait on a busy machine.
  test.setTimeout(240_000);
  const orderId = await orderOneProduct(page, request);
  const made = [...razorpay.orders.values()].find((order) => order.receipt === orderId);
  expect(made?.amount).toBeGreaterThan(0);

  await page
    .getByRole('dialog', { name: 'Razorpay Checkout' })
    .getByRole('button', { name: 'Pay with Razorpay' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/order-success\\?orderId=${orderId}`));
  await expect(page.getByText(`We have received your payment for order #${orderId}.`)).toBeVisible();
});
