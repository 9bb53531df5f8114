import { HttpError } from '../../../../http/errors.js';

/** Razorpay's own API address; RAZORPAY_API_URL (or the store's setting) replaces it, e.g. for a test server. */
export const RAZORPAY_API_URL = 'https://api.razorpay.com';

/** How long one call to Razorpay may take before the shopper is answered. */
const CALL_TIMEOUT_MS = 10_000;
/** Refunds are retried with the same idempotency key: Razorpay documents that as safe. */
const REFUND_TRIES = 3;

export interface RazorpayCredentials {
  keyId: string;
  keySecret: string;
  apiUrl: string;
}

/** Razorpay's order entity, in the fields the shop reads. */
export interface RazorpayOrder {
  id: string;
  amount: number;
  currency: string;
  receipt: string | null;
  status: string;
}

/** Razorpay's refund entity, in the fields the shop reads. */
export interface RazorpayRefund {
  id: string;
  payment_id: string;
  amount: number;
  status: 'pending' | 'processed' | 'failed';
}

/** Razorpay answered, but not with success (its error body's description, or the HTTP status). */
export class RazorpayError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function call<T>(
  credentials: RazorpayCredentials,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const auth = Buffer.from(`${credentials.keyId}:${credentials.keySecret}`).toString('base64');
  const response = await fetch(new URL(path, credentials.apiUrl), {
    method: 'POST',
    headers: { authorization: `Basic ${auth}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  const answer = (await response.json().catch(() => ({}))) as { error?: { description?: string } };
  if (!response.ok) {
    throw new RazorpayError(answer.error?.description ?? `Razorpay answered ${response.status}.`, response.status);
  }
  return answer as T;
}

/**
 * Creates the Razorpay order a Checkout pays (amount in paise, our order id as its receipt). Razorpay
 * does not document creating orders as idempotent, so a failure is not retried: the shopper is told
 * to try again, which makes a new one (an unpaid Razorpay order simply expires).
 */
export async function createRazorpayOrder(
  credentials: RazorpayCredentials,
  order: { id: string; amount: number },
): Promise<RazorpayOrder> {
  try {
    return await call<RazorpayOrder>(credentials, '/v1/orders', {
      amount: order.amount,
      currency: 'INR',
      receipt: order.id,
      notes: { order_id: order.id },
    });
  } catch {
    throw new HttpError(409, 'The payment could not be started, try again.');
  }
}

const mayRetry = (error: unknown) =>
  !(error instanceof RazorpayError) || error.status === 409 || error.status === 429 || error.status >= 500;

/**
 * Refunds a captured payment, `amount` paise, at normal speed. The idempotency key is our refund's
 * own id, so a retry after a lost answer (here, or by the background work later) refunds once.
 */
export async function refundRazorpayPayment(
  credentials: RazorpayCredentials,
  refund: { paymentId: string; amount: number; idempotencyKey: string; orderId: string },
): Promise<RazorpayRefund> {
  let last: unknown;
  for (let attempt = 1; attempt <= REFUND_TRIES; attempt++) {
    try {
      return await call<RazorpayRefund>(
        credentials,
        `/v1/payments/${encodeURIComponent(refund.paymentId)}/refund`,
        { amount: refund.amount, speed: 'normal', notes: { order_id: refund.orderId } },
        { 'x-refund-idempotency': refund.idempotencyKey },
      );
    } catch (error) {
      last = error;
      if (!mayRetry(error)) break;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
  throw last instanceof Error ? last : new Error('Razorpay did not answer.');
}
