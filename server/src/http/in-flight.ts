import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    inFlight: InFlightRequests;
  }
}

export interface InFlightRequests {
  readonly count: number;
  /** Resolves true once every started request has been answered, or false after `timeoutMs`. */
  settled(timeoutMs: number): Promise<boolean>;
}

/**
 * Counts requests whose handlers have not answered yet. A shopper who hangs up mid-order does
 * not stop the handler, and the server's close does not wait for it: shutdown waits here
 * before it closes the database, so that handler can finish its work instead of failing.
 */
export function trackInFlight(app: FastifyInstance): InFlightRequests {
  let count = 0;
  const answered = new WeakSet<FastifyRequest>();
  const waiters = new Set<() => void>();
  app.addHook('onRequest', async () => {
    count += 1;
  });
  // onSend runs when a handler answers, even to a client that has gone (onResponse does not).
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!answered.has(request)) {
      answered.add(request);
      count -= 1;
      if (count === 0) for (const wake of waiters) wake();
    }
    return payload;
  });
  return {
    get count() {
      return count;
    },
    settled(timeoutMs) {
      if (count === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => finish(false), timeoutMs);
        const finish = (value: boolean) => {
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(value);
        };
        const wake = () => finish(true);
        waiters.add(wake);
      });
    },
  };
}
