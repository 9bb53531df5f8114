import type { FastifyBaseLogger } from 'fastify';
import type { Services } from './app.js';
import { KEEP_SENT_MS } from './modules/messages/outbox.js';

/** A job the server runs now and then; each must be safe when several server processes run it at once. */
export interface HousekeepingJob {
  name: string;
  run(services: Services, now: number): Promise<string | undefined>;
}

export const HOUSEKEEPING_JOBS: HousekeepingJob[] = [
  {
    // Unpaid orders give their stock back, so nobody can hoard the catalogue by ordering and never paying.
    name: 'expire unpaid orders',
    async run(services, now) {
      const expired = await services.orders.expireUnpaid(now);
      return expired.length ? `cancelled ${expired.length} unpaid order(s) and returned their stock` : undefined;
    },
  },
  {
    // Refunds due through a gateway are asked for (again, after a failure, with the same key), and the answer recorded.
    name: 'ask gateways for refunds due',
    async run(services, now) {
      const started = await services.payments.requestDueRefunds(now);
      return started ? `started ${started} refund(s) at the payment gateway` : undefined;
    },
  },
  {
    // A cancelled order's courier booking is cancelled at the courier; one that failed is tried again.
    name: 'cancel courier bookings',
    async run(services, now) {
      const cancelled = await services.couriers.cancelDue(now);
      return cancelled ? `cancelled ${cancelled} courier booking(s) of cancelled orders` : undefined;
    },
  },
  {
    // A session past its expiry never signs anyone in again; its row only grows the table.
    name: 'purge expired sessions',
    async run(services, now) {
      const purged = await services.accounts.purgeExpiredSessions(new Date(now));
      return purged ? `purged ${purged} expired session(s)` : undefined;
    },
  },
  {
    // A reset link a day past its use or expiry answers nothing any more; its row only grows the table.
    name: 'purge old password resets',
    async run(services, now) {
      const purged = await services.passwordResets.purgeOld(now);
      return purged ? `deleted ${purged} used or expired password reset link(s)` : undefined;
    },
  },
  {
    // A link that proves an email, a day past its use or expiry, answers nothing any more.
    name: 'purge old email links',
    async run(services, now) {
      const purged = await services.emailVerifications.purgeOld(now);
      return purged ? `deleted ${purged} used or expired email link(s)` : undefined;
    },
  },
  {
    // A sign-in code a day past its expiry answers nothing any more.
    name: 'purge old sign-in codes',
    async run(services, now) {
      const purged = await services.phoneSignIn.purgeExpired(now);
      return purged ? `deleted ${purged} expired sign-in code(s)` : undefined;
    },
  },
  {
    // Back-office sessions end after hours without a request.
    name: 'purge idle back-office sessions',
    async run(services, now) {
      const purged = await services.staff.purgeIdleSessions(now);
      return purged ? `purged ${purged} idle back-office session(s)` : undefined;
    },
  },
  {
    // A sent email's copy holds the shopper's name and address; the order keeps them, the copy need not.
    name: 'purge old sent emails',
    async run(services, now) {
      const purged = await services.outbox.purgeSent(new Date(now - KEEP_SENT_MS).toISOString());
      return purged ? `deleted ${purged} email(s) sent more than 90 days ago` : undefined;
    },
  },
  {
    // A shopper who agreed to reminders and left checkout without ordering hears of the cart after an hour, then a day.
    name: 'cart reminders',
    async run(services, now) {
      const written = await services.carts.sendDueReminders(now);
      return written ? `wrote ${written} cart reminder(s)` : undefined;
    },
  },
  {
    // Once a day the merchant hears which products are about to sell out, before they do.
    name: 'daily low-stock summary',
    async run(services, now) {
      const written = await services.stockSummary.sendDue(now);
      return written ? `wrote the low-stock summary for ${written} store(s)` : undefined;
    },
  },
];

/** Runs every job once a minute (and once at start); a failing job is logged and tried again next time. */
export function startHousekeeping(services: Services, log: FastifyBaseLogger, everyMs = 60_000): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    for (const job of HOUSEKEEPING_JOBS) {
      try {
        const done = await job.run(services, Date.now());
        if (done) log.info({ job: job.name }, done);
      } catch (error) {
        log.error({ err: error, job: job.name }, 'housekeeping failed');
      }
    }
    running = false;
  };
  void tick();
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
