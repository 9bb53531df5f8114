import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { StoreInfo } from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/open.js';
import { PUBLIC_READ_CACHING, SIGNED_IN_READ_CACHING } from '../src/http/conditional-get.js';
import type { ProductInput } from '../src/modules/catalog/product-row.js';
import { CatalogService } from '../src/modules/catalog/service.js';
import { signUp, startShop, type TestShop } from './harness.js';

/**
 * The server's front door over real HTTP (it sits before Fastify, where `inject` does not go): a
 * read asked again by an anonymous shopper is the same answer, from memory, and never a stale or
 * another store's one.
 */

const lines: Record<string, unknown>[] = [];
const log = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

let shop: TestShop;
let origin: string;
const input: ProductInput = {
  sku: 'FD-DOCK-1',
  title: 'Twelve-in-one Docking Station',
  description: 'A dock for two screens.',
  category: 'Docking Stations',
  parentCategory: null,
  gender: null,
  regularPrice: 8999,
  discountedPrice: null,
  stock: 5,
  images: [],
  attributes: [],
};
let product: { id: string };

beforeAll(async () => {
  shop = await startShop({ app: { logger: { level: 'info', stream: log } } });
  product = await shop.services.catalog.createOne(shop.storeId, input);
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(shop.app.server.address() as AddressInfo).port}`;
});
afterAll(() => shop.close());

const ENCODINGS = { 'accept-encoding': 'br, gzip' };
const read = (url: string, headers: Record<string, string> = {}) =>
  fetch(`${origin}/api/v1${url}`, { headers: { ...ENCODINGS, ...headers } });

/** Every header but those of one request or connection. */
const headersOf = (response: Response) =>
  Object.fromEntries(
    [...response.headers].filter(([name]) => !['x-request-id', 'date', 'connection', 'keep-alive'].includes(name)),
  );

const answeredAtTheDoor = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const before = shop.app.frontDoor.answered;
  const result = await work();
  return [result, shop.app.frontDoor.answered - before];
};

describe('the front door', () => {
  it('gives an anonymous shopper who asks again the same bytes and headers, with a request id and a log line of its own', async () => {
    for (const url of ['/products', `/products/${product.id}`, '/storeInfo', '/products?category=Docking%20Stations']) {
      const first = await read(url);
      const firstBody = await first.text();
      const [again, atTheDoor] = await answeredAtTheDoor(() => read(url, { 'x-request-id': 'door-probe.1' }));
      expect(atTheDoor, url).toBe(1);
      expect(again.status, url).toBe(200);
      expect(await again.text(), url).toBe(firstBody);
      expect(headersOf(again), url).toEqual(headersOf(first));
      expect(again.headers.get('cache-control'), url).toBe(PUBLIC_READ_CACHING);
      expect(again.headers.get('x-request-id'), url).toBe('door-probe.1');
      expect(again.headers.get('x-request-id'), url).not.toBe(first.headers.get('x-request-id'));
    }
    const [made] = await answeredAtTheDoor(() => read('/storeInfo', { 'x-request-id': 'has spaces' }));
    const madeId = made.headers.get('x-request-id') ?? '';
    expect(madeId).toMatch(/^[0-9a-f-]{36}$/);
    const line = lines.find((each) => each.reqId === madeId);
    expect(line).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/v1/storeInfo', remoteAddress: '127.0.0.1' },
      res: { statusCode: 200 },
    });
  });

  it('gives each encoding its own answer, and a client that accepts none the plain JSON', async () => {
    const url = '/products?limit=24';
    const plain = await (await read(url, { 'accept-encoding': 'identity' })).json();
    for (const encoding of ['br', 'gzip', 'identity', 'br', 'gzip', 'identity']) {
      const answer = await read(url, { 'accept-encoding': encoding });
      expect(answer.headers.get('content-encoding') ?? 'identity').toBe(encoding);
      expect(await answer.json()).toEqual(plain);
    }
  });

  it('leaves to the shop a read from another origin, a signed-in one, a conditional one and a HEAD', async () => {
    const url = `/products/${product.id}`;
    const tag = (await read(url)).headers.get('etag') ?? '';
    await read(url);
    const shopper = await signUp(shop.app, { email: 'door.shopper@example.in' });
    const [answers, atTheDoor] = await answeredAtTheDoor(async () => [
      await read(url, { origin: 'http://localhost:5173' }),
      await read(url, { authorization: `Bearer ${shopper.token}` }),
      await read(url, { 'if-none-match': tag }),
      await fetch(`${origin}/api/v1${url}`, { method: 'HEAD', headers: ENCODINGS }),
    ]);
    expect(atTheDoor).toBe(0);
    const [fromPage, signedIn, conditional, head] = answers;
    expect(fromPage?.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(signedIn?.headers.get('cache-control')).toBe(SIGNED_IN_READ_CACHING);
    expect(conditional?.status).toBe(304);
    expect(head?.status).toBe(200);
  });

  it('never gives an answer older than a change the shop made, or one another process committed', async () => {
    const url = `/products/${product.id}`;
    await read(url);
    await read(url);
    await shop.services.catalog.updateOne(shop.storeId, product.id, { ...input, regularPrice: 7999 }, {});
    expect(((await (await read(url)).json()) as { regularPrice: number }).regularPrice).toBe(7999);

    const other = openDatabase(shop.target);
    try {
      await new CatalogService(other.db).updateOne(shop.storeId, product.id, { ...input, regularPrice: 6999 }, {});
      const committed = Date.now();
      const priceNow = async () => ((await (await read(url)).json()) as { regularPrice: number }).regularPrice;
      // SQLite: the very next read; PostgreSQL: once the commit's announcement arrives, within a second.
      let price = await priceNow();
      if (shop.dialect === 'sqlite') expect(price).toBe(6999);
      while (price !== 6999 && Date.now() - committed < 1000) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        price = await priceNow();
      }
      expect(price).toBe(6999);
    } finally {
      await other.db.destroy();
    }

    const listed = async () =>
      ((await (await read('/products?limit=100')).json()) as { data: { id: string }[] }).data.map((each) => each.id);
    expect(await listed()).toContain(product.id);
    await listed();
    await shop.services.catalog.updateOne(shop.storeId, product.id, { ...input, hidden: true }, {});
    expect((await read(url)).status).toBe(404);
    expect(await listed()).not.toContain(product.id);
  });

  it("never gives one store's answer to another store's host", async () => {
    const { paymentMode: _mode, ...details } = StoreInfo.parse(await (await read('/storeInfo')).json());
    await shop.services.stores.create('second.example', { ...details, storeName: 'Second Shop' }, { isDefault: false });
    // fetch sends no Host of the caller's choosing: a plain request does.
    const ofHost = (host: string) =>
      new Promise<{ storeName: string }>((resolve, reject) => {
        http
          .get(`${origin}/api/v1/storeInfo`, { headers: { host } }, (response) => {
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => {
              body += chunk;
            });
            response.on('end', () => resolve(JSON.parse(body) as { storeName: string }));
          })
          .on('error', reject);
      });
    const defaultName = (await ofHost('localhost')).storeName;
    // On PostgreSQL the new store's announcement may reach this process after the first reads (a
    // loaded machine), and the door then records them again: enough rounds that it is used anyway.
    const [, atTheDoor] = await answeredAtTheDoor(async () => {
      for (let round = 0; round < 6; round++) {
        expect((await ofHost('second.example')).storeName).toBe('Second Shop');
        expect((await ofHost('localhost')).storeName).toBe(defaultName);
      }
    });
    expect(atTheDoor).toBeGreaterThanOrEqual(4);
  });
});

describe('the front door behind a proxy', () => {
  it("logs the shopper's address as the shop does, from the proxy's X-Forwarded-For, and survives a made-up one", async () => {
    const proxied: Record<string, unknown>[] = [];
    const behind = await startShop({
      trustProxy: true,
      app: {
        logger: {
          level: 'info',
          stream: new Writable({
            write(chunk, _encoding, done) {
              for (const line of String(chunk).split('\n').filter(Boolean)) proxied.push(JSON.parse(line));
              done();
            },
          }),
        },
      },
    });
    try {
      await behind.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(behind.app.server.address() as AddressInfo).port}/api/v1/storeInfo`;
      const addressOf = async (forwardedFor: string) => {
        const answer = await fetch(url, { headers: { 'x-forwarded-for': forwardedFor } });
        expect(answer.status).toBe(200);
        await answer.arrayBuffer();
        const line = proxied.find((each) => each.reqId === answer.headers.get('x-request-id'));
        return (line?.req as { remoteAddress?: string } | undefined)?.remoteAddress;
      };
      const byTheShop = await addressOf('203.0.113.7');
      const [atTheDoor, answered] = await (async () => {
        const before = behind.app.frontDoor.answered;
        const address = await addressOf('203.0.113.7');
        return [address, behind.app.frontDoor.answered - before];
      })();
      expect(answered).toBe(1);
      expect(byTheShop).toBe('203.0.113.7');
      expect(atTheDoor).toBe(byTheShop);
      for (const madeUp of ['not an address', ', , ,', '999.1.1.1, ::zz', 'x'.repeat(2000)]) {
        expect(await addressOf(madeUp)).toBeTypeOf('string');
      }
    } finally {
      await behind.close();
    }
  });
});
