import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { trackInFlight } from '../src/http/in-flight.js';

/** Shutdown closes the database only once handlers are done, even those whose client hung up. */
async function serverWithSlowRoute(handlerMs: number) {
  const app = Fastify();
  const inFlight = trackInFlight(app);
  const finished: string[] = [];
  app.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, handlerMs));
    finished.push('slow');
    return { placed: true };
  });
  app.get('/quick', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return { app, inFlight, finished, url };
}

/** Sends a request and hangs up once the server is handling it (however long a busy machine takes to get there). */
async function hangUpDuring(url: string, inFlight: { count: number }) {
  const hangUp = new AbortController();
  const request = fetch(url, { signal: hangUp.signal }).catch(() => 'hung up');
  const giveUpAt = Date.now() + 10_000;
  while (inFlight.count === 0 && Date.now() < giveUpAt) await new Promise((resolve) => setTimeout(resolve, 5));
  hangUp.abort();
  return request;
}

describe('requests in flight at shutdown', () => {
  it('waits for a handler whose client hung up, after the server has closed', async () => {
    const { app, inFlight, finished, url } = await serverWithSlowRoute(300);
    expect(await (await fetch(`${url}/quick`)).json()).toEqual({ ok: true });
    expect(inFlight.count).toBe(0);
    expect(await hangUpDuring(`${url}/slow`, inFlight)).toBe('hung up');
    await app.close();
    expect(inFlight.count).toBe(1);
    expect(finished).toEqual([]);
    expect(await inFlight.settled(5_000)).toBe(true);
    expect(finished).toEqual(['slow']);
    expect(inFlight.count).toBe(0);
  });

  it('gives up after its time limit', async () => {
    const { app, inFlight, url } = await serverWithSlowRoute(1_000);
    await hangUpDuring(`${url}/slow`, inFlight);
    await app.close();
    expect(await inFlight.settled(100)).toBe(false);
    expect(await inFlight.settled(5_000)).toBe(true);
  });
});
