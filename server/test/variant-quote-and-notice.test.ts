import { ShippingQuote } from '@netkart/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { VariantInput } from '../src/modules/catalog/variants.js';
import { client, startShop, type TestShop } from './harness.js';

let shop: TestShop;
let http: ReturnType<typeof client>;

beforeAll(async () => {
  shop = await startShop();
  http = client(shop.app);
  await shop.services.shipping.setRules(shop.storeId, {
    freeFrom: null,
    slabs: [{ upToGrams: 500, price: 40 }, { upToGrams: 2000, price: 90 }, { price: 200 }],
    defaultWeightGrams: 300,
  });
});
afterAll(() => shop.close());
beforeEach(async () => {
  await shop.db.deleteFrom('outbox').execute();
});

let made = 0;
const variant = (sku: string, colour: string, stock: number, extra: Partial<VariantInput> = {}): VariantInput => ({
  sku,
  values: [colour],
  stock,
  regularPrice: 1499,
  discountedPrice: null,
  mrp: null,
  images: [],
  ...extra,
});

/** A Colour product (Black and Olive), its variants as given, written as the back office writes them. */
async function caseWith(variants: (id: number) => VariantInput[]) {
  made += 1;
  const row = await shop.services.catalog.createOne(shop.storeId, {
    sku: `VQ-${made}`,
    title: `Laptop Sleeve ${made}`,
    description: 'Neoprene.',
    category: 'Accessories',
    parentCategory: null,
    gender: null,
    regularPrice: 1499,
    discountedPrice: null,
    stock: 0,
    images: [],
    attributes: [],
  });
  const colours = [{ name: 'Colour', values: ['Black', 'Olive'] }];
  await shop.services.catalog.setVariants(shop.storeId, row.id, colours, variants(made));
  return {
    id: row.id,
    colours,
    write: (next: VariantInput[]) => shop.services.catalog.setVariants(shop.storeId, row.id, colours, next),
  };
}

describe('the shipping quote of a variant', () => {
  it('weighs the variant named, the product without one, and refuses a variant the product does not have', async () => {
    const sleeve = await caseWith((n) => [
      variant(`VQ-${n}-BK`, 'Black', 5, { weightGrams: 1200 }),
      variant(`VQ-${n}-OL`, 'Olive', 5),
    ]);
    const quote = async (items: object[]) => {
      const response = await http.post('/shipping/quote', { items, pincode: '560001' });
      expect(response.statusCode, response.body).toBe(200);
      return ShippingQuote.parse(response.json());
    };
    const heavy = await quote([{ productId: sleeve.id, quantity: 1, variantSku: `vq-${made}-bk` }]);
    expect(heavy).toMatchObject({ weightGrams: 1200, charge: 90 });
    // A variant without a weight of its own weighs as its product (here the store's default).
    expect(await quote([{ productId: sleeve.id, quantity: 1, variantSku: `VQ-${made}-OL` }])).toMatchObject({
      weightGrams: 300,
      charge: 40,
    });
    expect(await quote([{ productId: sleeve.id, quantity: 1 }])).toMatchObject({ weightGrams: 300 });
    expect(
      await quote([
        { productId: sleeve.id, quantity: 1, variantSku: `VQ-${made}-BK` },
        { productId: sleeve.id, quantity: 2, variantSku: `VQ-${made}-OL` },
      ]),
    ).toMatchObject({ weightGrams: 1800 });

    const unknown = await http.post('/shipping/quote', {
      items: [{ productId: sleeve.id, quantity: 1, variantSku: 'NO-SUCH' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ field: 'items', error: expect.stringContaining('no variant NO-SUCH') });
    const notText = await http.post('/shipping/quote', {
      items: [{ productId: sleeve.id, quantity: 1, variantSku: 7 }],
    });
    expect(notText.statusCode).toBe(400);
  });
});

const notify = (productId: string, body: object) =>
  shop.app.inject({
    method: 'POST',
    url: `/api/v1/products/${productId}/notify`,
    payload: body,
    headers: { host: 'localhost:8044' },
    remoteAddress: `198.51.100.${made}`,
  });
const sentTo = (email: string) =>
  shop.db.selectFrom('outbox').selectAll().where('recipient', '=', email).where('kind', '=', 'stock.back').execute();

describe('Notify me for a sold-out variant', () => {
  it('emails once when that variant is back, not when another variant moves', async () => {
    let n = 0;
    const sleeve = await caseWith((id) => {
      n = id;
      return [variant(`VQ-${id}-BK`, 'Black', 4), variant(`VQ-${id}-OL`, 'Olive', 0)];
    });
    const email = 'olive.wisher@example.in';
    for (let i = 0; i < 2; i += 1) {
      const answer = await notify(sleeve.id, { email, variantSku: `VQ-${n}-OL` });
      expect(answer.statusCode, answer.body).toBe(201);
    }
    // The product as a whole is in stock (its Black is): a wish for it is refused, as is one for Black.
    expect((await notify(sleeve.id, { email })).statusCode).toBe(409);
    expect((await notify(sleeve.id, { email, variantSku: `VQ-${n}-BK` })).statusCode).toBe(409);
    const unknown = await notify(sleeve.id, { email, variantSku: 'VQ-NONE' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ field: 'variantSku' });

    await sleeve.write([variant(`VQ-${n}-BK`, 'Black', 9), variant(`VQ-${n}-OL`, 'Olive', 0)]);
    expect(await sentTo(email)).toEqual([]);

    await sleeve.write([variant(`VQ-${n}-BK`, 'Black', 9), variant(`VQ-${n}-OL`, 'Olive', 2)]);
    const sent = await sentTo(email);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toBe(`Back in stock: Laptop Sleeve ${n} (Olive)`);

    await sleeve.write([variant(`VQ-${n}-BK`, 'Black', 9), variant(`VQ-${n}-OL`, 'Olive', 0)]);
    await sleeve.write([variant(`VQ-${n}-BK`, 'Black', 9), variant(`VQ-${n}-OL`, 'Olive', 3)]);
    expect(await sentTo(email)).toHaveLength(1);
  });

  it('takes a product without options by its own SKU, as before', async () => {
    made += 1;
    const row = await shop.services.catalog.createOne(shop.storeId, {
      sku: `VQ-PLAIN-${made}`,
      title: 'Cable Tie',
      description: '',
      category: 'Accessories',
      parentCategory: null,
      gender: null,
      regularPrice: 99,
      discountedPrice: null,
      stock: 0,
      images: [],
      attributes: [],
    });
    const answer = await notify(row.id, { email: 'tie@example.in', variantSku: `VQ-PLAIN-${made}` });
    expect(answer.statusCode, answer.body).toBe(201);
    const waiting = await shop.db
      .selectFrom('stock_notices')
      .select('variant_sku')
      .where('product_id', '=', row.id)
      .execute();
    expect(waiting).toEqual([{ variant_sku: '' }]);
  });
});
