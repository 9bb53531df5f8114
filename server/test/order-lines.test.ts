import { Order, type Product, ProductListResponse, productOptions } from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, countRows, signUp, startShop, type TestShop, validAddress } from './harness.js';

let shop: TestShop;
let http: ReturnType<typeof client>;
let shopper: Awaited<ReturnType<typeof signUp>>;
let catalogue: Product[];

beforeAll(async () => {
  shop = await startShop();
  http = client(shop.app);
  shopper = await signUp(shop.app);
  catalogue = ProductListResponse.parse((await http.get('/products?limit=100')).json()).data;
});
afterAll(() => shop.close());

const find = (rule: (options: { sizes: string[]; colors: string[] }) => boolean) => {
  const found = catalogue.find((product) => product.stock >= 10 && rule(productOptions(product.attributes)));
  if (!found) throw new Error('the demo catalogue has no such product');
  return found;
};
const sleeve = () => find(({ sizes, colors }) => sizes.length > 1 && colors.length > 1);
const plain = () => find(({ sizes, colors }) => sizes.length === 0 && colors.length === 0);
const stockOf = async (id: string) => ((await http.get(`/products/${id}`)).json() as Product).stock;
const order = (lines: unknown[]) => http.post('/orders', { lines, shippingAddress: validAddress }, shopper.token);

describe('order lines with options', () => {
  it('keeps two sizes and colours of one product as two lines, and takes the stock of both', async () => {
    const product = sleeve();
    const { sizes, colors } = productOptions(product.attributes);
    const before = await stockOf(product.id);
    const response = await order([
      { productId: product.id, quantity: 1, size: sizes[0], color: colors[0] },
      { productId: product.id, quantity: 2, size: sizes[1]?.toLowerCase(), color: colors[1] },
    ]);
    expect(response.statusCode).toBe(201);
    const placed = Order.parse(response.json());
    expect(placed.items).toEqual([
      expect.objectContaining({ productId: product.id, quantity: 1, size: sizes[0], color: colors[0] }),
      // Spelled as the product spells it, whatever case the caller sent.
      expect.objectContaining({ productId: product.id, quantity: 2, size: sizes[1], color: colors[1] }),
    ]);
    expect(await stockOf(product.id)).toBe(before - 3);

    // Read back the same everywhere: the owner's list and the order itself.
    const read = Order.parse((await http.get(`/orders/${placed.id}`, shopper.token)).json());
    expect(read.items.map((item) => [item.size, item.color])).toEqual([
      [sizes[0], colors[0]],
      [sizes[1], colors[1]],
    ]);
    const listed = (await http.get('/orders', shopper.token)).json() as Order[];
    expect(listed.find((o) => o.id === placed.id)?.items).toHaveLength(2);
  });

  it('merges lines with the same choices', async () => {
    const product = sleeve();
    const { sizes, colors } = productOptions(product.attributes);
    const response = await order([
      { productId: product.id, quantity: 1, size: sizes[0], color: colors[0] },
      { productId: product.id, quantity: 1, size: sizes[0], color: colors[0] },
    ]);
    expect(response.statusCode).toBe(201);
    expect(Order.parse(response.json()).items).toEqual([
      expect.objectContaining({ quantity: 2, size: sizes[0], color: colors[0] }),
    ]);
  });

  it('fills in the only size of a one-size product, for the spec’s { id: quantity } order too', async () => {
    const oneSize = find(({ sizes }) => sizes.length === 1);
    const response = await http.post(
      '/orders',
      { products: { [oneSize.id]: 1 }, shippingAddress: validAddress },
      shopper.token,
    );
    expect(response.statusCode).toBe(201);
    expect(Order.parse(response.json()).items[0]?.size).toBe(productOptions(oneSize.attributes).sizes[0]);
  });

  it.each([
    [
      'a size it does not have',
      () => [{ productId: sleeve().id, quantity: 1, size: '17"' }],
      (p: Product) => [p.title, '17"'],
    ],
    // The sleeve's sizes and colours are its variants: a line names one.
    ['no size when it has several', () => [{ productId: sleeve().id, quantity: 1 }], (p: Product) => [p.title, 'Size']],
    [
      'a colour it does not have',
      () => [
        { productId: sleeve().id, quantity: 1, size: productOptions(sleeve().attributes).sizes[0], color: 'Pink' },
      ],
      (p: Product) => [p.title, 'Pink'],
    ],
    [
      'a size on a product without sizes',
      () => [{ productId: plain().id, quantity: 1, size: 'XL' }],
      (p: Product) => [p.title, 'XL'],
    ],
    ['more than the stock', () => [{ productId: plain().id, quantity: 99 }], (p: Product) => [p.title]],
  ])('refuses %s with a 400 naming the product and the option, and writes nothing', async (_case, lines, named) => {
    const [line] = lines();
    const product = catalogue.find((p) => p.id === line?.productId) as Product;
    if (_case === 'more than the stock') {
      await shop.db.updateTable('products').set({ stock: 3 }).where('id', '=', product.id).execute();
    }
    const before = { orders: await countRows(shop.db, 'orders'), stock: await stockOf(product.id) };
    const response = await order(lines());
    expect(response.statusCode).toBe(400);
    for (const word of named(product)) expect(response.json().error).toContain(word);
    expect(await countRows(shop.db, 'orders')).toBe(before.orders);
    expect(await stockOf(product.id)).toBe(before.stock);
  });
});
