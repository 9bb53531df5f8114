import type { FastifyInstance, FastifyRequest } from 'fastify';
import { giveBackAll, inMinutes, Limit, type LimitStore, limitKey, takeAll, tooMany } from './counters.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const TRACKING_IP_WINDOW_MS = 15 * MINUTE_MS;

declare module 'fastify' {
  interface FastifyInstance {
    limits: ShopLimits;
  }
  interface FastifyRequest {
    /** Set on an order look-up by contact details: the places it took, given back unless it found nothing. */
    trackingPlaces?: Array<readonly [Limit, string]>;
  }
}

/** Which sign-in limit was full: the caller words its answer (and the back office offers other ways in). */
export type SignInLimitName = 'address' | 'email-here' | 'email-anywhere';
export interface SignInRefusal {
  refused: SignInLimitName;
  wait: number;
}

/**
 * One sign-in attempt's places in the three sign-in limits, taken before the password is hashed.
 * A wrong password keeps them; a right one gives them back (and clears the email's count at this
 * address), so signing in successfully never uses up a failure budget.
 */
export class SignInAttempt {
  constructor(
    private readonly places: ReadonlyArray<readonly [Limit, string]>,
    private readonly emailHere: readonly [Limit, string],
  ) {}

  async succeeded(): Promise<void> {
    await giveBackAll(this.places.filter((place) => place !== this.emailHere));
    await this.emailHere[0].reset(this.emailHere[1]);
  }

  /** Nothing was checked after all (e.g. a second factor is still to come): gives every place back. */
  async undone(): Promise<void> {
    await giveBackAll(this.places);
  }
}

/** Every limit of the shop, with the hooks that apply them to the order and payment routes. */
export class ShopLimits {
  readonly signInFailuresByEmailAndAddress: Limit;
  readonly signInFailuresByEmail: Limit;
  readonly signInFailuresByAddress: Limit;
  readonly registrationsByAddress: Limit;
  readonly passwordResetsByEmail: Limit;
  readonly passwordResetsByAddress: Limit;
  readonly contactMessagesByAddress: Limit;
  readonly subscriptionsByAddress: Limit;
  readonly signInCodesByPhone: Limit;
  readonly signInCodesByAddress: Limit;
  private readonly ordersByAccount: Limit;
  private readonly ordersByAddress: Limit;
  private readonly paymentsByAccount: Limit;
  private readonly paymentsByAddress: Limit;
  private readonly cancellationsByAccount: Limit;
  private readonly cancellationsByAddress: Limit;
  private readonly trackingFailuresByOrder: Limit;
  private readonly trackingFailuresByAddress: Limit;

  constructor(
    private readonly store: LimitStore,
    config: RateLimitConfig,
  ) {
    const limit = (name: string, points: number, windowMs: number) => new Limit(store.limiter(name, points, windowMs));
    this.signInFailuresByEmailAndAddress = limit('login-email-ip', config.loginFailuresPerEmail, config.loginWindowMs);
    this.signInFailuresByEmail = limit('login-email', config.loginFailuresPerEmailAnywhere, HOUR_MS);
    this.signInFailuresByAddress = limit('login-ip', config.loginAttemptsPerIp, config.loginWindowMs);
    this.registrationsByAddress = limit('register-ip', config.registrationsPerIp, config.registrationWindowMs);
    this.passwordResetsByEmail = limit('reset-email', config.passwordResetsPerEmail, HOUR_MS);
    this.passwordResetsByAddress = limit('reset-ip', config.passwordResetsPerIp, HOUR_MS);
    this.contactMessagesByAddress = limit('contact-ip', config.contactMessagesPerIp, HOUR_MS);
    this.subscriptionsByAddress = limit('subscribe-ip', config.subscriptionsPerIp, HOUR_MS);
    this.signInCodesByPhone = limit('code-phone', config.signInCodesPerPhone ?? 5, HOUR_MS);
    this.signInCodesByAddress = limit('code-ip', config.signInCodesPerIp ?? 20, HOUR_MS);
    this.ordersByAccount = limit('orders-user', config.ordersPerAccount, HOUR_MS);
    this.ordersByAddress = limit('orders-ip', config.ordersPerIp, HOUR_MS);
    this.paymentsByAccount = limit('payments-user', config.paymentsPerAccount, HOUR_MS);
    this.paymentsByAddress = limit('payments-ip', config.paymentsPerIp, HOUR_MS);
    this.cancellationsByAccount = limit('cancel-user', config.cancellationsPerAccount, HOUR_MS);
    this.cancellationsByAddress = limit('cancel-ip', config.cancellationsPerIp, HOUR_MS);
    this.trackingFailuresByOrder = limit('track-order', config.trackingFailuresPerOrder, HOUR_MS);
    this.trackingFailuresByAddress = limit('track-ip', config.trackingFailuresPerIp, TRACKING_IP_WINDOW_MS);
  }

  /** Why the counters are not at their best (Redis unreachable), for /health. */
  trouble(): Promise<string | undefined> {
    return this.store.trouble();
  }

  /**
   * Takes a sign-in attempt's places (address, email at this address, email anywhere) before the
   * password is checked. `scope` keeps the shop's and the back office's counts apart. With
   * `skipEmailAnywhere`, the email's count from all addresses is not taken: for a sign-in that
   * proved a second factor first, which strangers guessing the password cannot lock out.
   */
  async beginSignIn(
    scope: string,
    email: string,
    address: string,
    { skipEmailAnywhere = false } = {},
  ): Promise<SignInAttempt | SignInRefusal> {
    const emailHere = [this.signInFailuresByEmailAndAddress, limitKey(scope, email, address)] as const;
    const places = [
      [this.signInFailuresByAddress, limitKey(scope, address)] as const,
      emailHere,
      ...(skipEmailAnywhere ? [] : [[this.signInFailuresByEmail, limitKey(scope, email)] as const]),
    ];
    const full = await takeAll(places);
    if (full)
      return {
        refused: (['address', 'email-here', 'email-anywhere'] as const)[full.index] ?? 'address',
        wait: full.wait,
      };
    return new SignInAttempt(places, emailHere);
  }

  /** preHandler of the order routes: placing and cancelling orders, and looking one up by its contact details. */
  readonly orders = async (request: FastifyRequest): Promise<void> => {
    const route = request.routeOptions.url ?? '';
    if (request.method === 'POST' && route.endsWith('/orders')) {
      await spend(request, this.ordersByAccount, this.ordersByAddress, 'Too many orders in a short time');
    } else if (request.method === 'POST' && route.endsWith('/orders/:id/cancel')) {
      await spend(
        request,
        this.cancellationsByAccount,
        this.cancellationsByAddress,
        'Too many cancellations in a short time',
      );
    } else if (request.method === 'GET' && /\/orders\/:id(\/invoice|\/credit-note)?$/.test(route)) {
      // Reading an order, or its invoice or credit note.
      const contactGiven = (request.query as { contactInfo?: unknown } | undefined)?.contactInfo !== undefined;
      // The owner reading their own order is never limited; a look-up by contact details is a guess until it matches.
      if (request.user && !contactGiven) return;
      const id = String((request.params as { id?: unknown }).id ?? '')
        .trim()
        .toUpperCase()
        .slice(0, 64);
      const places = [
        [this.trackingFailuresByOrder, limitKey(request.store.id, id)] as const,
        [this.trackingFailuresByAddress, limitKey(request.store.id, request.ip)] as const,
      ];
      const full = await takeAll(places);
      if (full) throw tooMany(full.wait, `Too many order look-ups. Please try again in ${inMinutes(full.wait)}.`);
      request.trackingPlaces = places;
    }
  };

  /** preHandler of the payment routes: starting a payment (gateways' callbacks are never limited). */
  readonly payments = async (request: FastifyRequest): Promise<void> => {
    if (request.method === 'POST' && request.routeOptions.url?.endsWith('/payments')) {
      await spend(request, this.paymentsByAccount, this.paymentsByAddress, 'Too many payment attempts in a short time');
    }
  };

  /** Only a look-up that found nothing is a failed guess: any other answer gives its places back. */
  async trackingAnswered(request: FastifyRequest, statusCode: number): Promise<void> {
    const places = request.trackingPlaces;
    if (!places || statusCode === 404) return;
    request.trackingPlaces = undefined;
    await giveBackAll(places);
  }
}

async function spend(request: FastifyRequest, byAccount: Limit, byAddress: Limit, what: string): Promise<void> {
  const storeId = request.store.id;
  const full = await takeAll([
    [byAddress, limitKey(storeId, request.ip)],
    ...(request.user ? [[byAccount, limitKey(storeId, request.user.id)] as const] : []),
  ]);
  if (full) throw tooMany(full.wait, `${what}. Please try again in ${inMinutes(full.wait)}.`);
}

/** Makes `app.limits`, gives back order look-ups' places as they are answered, and closes the store with the app. */
export function installLimits(
  app: FastifyInstance,
  store: LimitStore & { ready?(): Promise<void> },
  config: RateLimitConfig,
): ShopLimits {
  const limits = new ShopLimits(store, config);
  app.decorate('limits', limits);
  app.addHook('onSend', async (request, reply, payload) => {
    // The answer goes out even when the counter cannot be written.
    await limits
      .trackingAnswered(request, reply.statusCode)
      .catch((error) => request.log.warn({ err: error }, 'could not give back an order look-up'));
    return payload;
  });
  if (store.ready) app.addHook('onReady', store.ready);
  app.addHook('onClose', async () => store.close());
  return limits;
}

export interface RateLimitConfig {
  /** Failed sign-ins for one email from one network address, per login window. */
  loginFailuresPerEmail: number;
  /** Failed sign-ins for one email from anywhere, per hour: the brake on an attack spread over many addresses. */
  loginFailuresPerEmailAnywhere: number;
  /** Failed sign-ins from one network address, whatever the email, per login window. */
  loginAttemptsPerIp: number;
  loginWindowMs: number;
  registrationsPerIp: number;
  registrationWindowMs: number;
  /** Orders placed per hour, by one account and from one address. */
  ordersPerAccount: number;
  ordersPerIp: number;
  /** Payments started per hour, by one account and from one address. */
  paymentsPerAccount: number;
  paymentsPerIp: number;
  /** Orders cancelled by their shoppers per hour, by one account and from one address. */
  cancellationsPerAccount: number;
  cancellationsPerIp: number;
  /** Failed order look-ups by id and contact: per order id per hour, per address per 15 minutes. */
  trackingFailuresPerOrder: number;
  trackingFailuresPerIp: number;
  /** Password hashes waiting for a free worker before sign-ins are turned away with 503. */
  passwordHashQueue: number;
  /** Password-reset emails asked for per hour: for one email, and from one network address. */
  passwordResetsPerEmail: number;
  passwordResetsPerIp: number;
  /** Contact messages and newsletter sign-ups per hour from one network address. */
  contactMessagesPerIp: number;
  subscriptionsPerIp: number;
  /** Sign-in codes sent per hour: to one mobile number, and asked for from one network address (5 and 20). */
  signInCodesPerPhone?: number;
  signInCodesPerIp?: number;
}
