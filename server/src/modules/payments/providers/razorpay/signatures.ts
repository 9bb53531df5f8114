import { createHmac } from 'node:crypto';
import { hmacSha256 } from '../../signatures.js';

/** Razorpay Checkout's signature: HMAC-SHA256 hex of `order_id|payment_id` with the key secret. */
export const razorpayCheckoutSignature = (keySecret: string, razorpayOrderId: string, paymentId: string) =>
  createHmac('sha256', keySecret).update(`${razorpayOrderId}|${paymentId}`).digest('hex');

/** A webhook's X-Razorpay-Signature: HMAC-SHA256 hex of the raw body with the webhook secret. */
export const razorpayWebhookSignature = (webhookSecret: string, rawBody: Buffer | string) =>
  createHmac('sha256', webhookSecret).update(rawBody).digest('hex');

/**
 * Our own seal over which Razorpay order pays which of our orders, for how much: the checkout page
 * and its callback carry it, so neither needs to ask Razorpay or the database whose order it is.
 */
export const orderBinding = (keySecret: string, razorpayOrderId: string, orderId: string, amount: string) =>
  hmacSha256(keySecret, ['netkart-razorpay-order', razorpayOrderId, orderId, amount]);
