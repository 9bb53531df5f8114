import type { Store } from './service.js';

// Every request carries its store (app.ts picks it by Host). The stores module declares it, so http/,
// below the modules, reads `request.store.id` without importing them.
declare module 'fastify' {
  interface FastifyRequest {
    /** The store this request is for, chosen by its Host. */
    store: Store;
  }
}
