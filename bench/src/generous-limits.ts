import type { RateLimitConfig } from '../../server/src/config.js';

/** Limits no bench reaches: a bench measures the shop's work, not its brakes. */
export const GENEROUS_LIMITS: RateLimitConfig = {
  loginFailuresPerEmail: 100,
  loginFailuresPerEmailAnywhere: 100,
  loginAttemptsPerIp: 100,
  loginWindowMs: 60_000,
  registrationsPerIp: 100,
  registrationWindowMs: 60_000,
  ordersPerAccount: 100,
  ordersPerIp: 100,
  paymentsPerAccount: 100,
  paymentsPerIp: 100,
  cancellationsPerAccount: 100,
  cancellationsPerIp: 100,
  trackingFailuresPerOrder: 100,
  trackingFailuresPerIp: 100,
  passwordHashQueue: 100,
  passwordResetsPerEmail: 100,
  passwordResetsPerIp: 100,
  contactMessagesPerIp: 100,
  subscriptionsPerIp: 100,
};
