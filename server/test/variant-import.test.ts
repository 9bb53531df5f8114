import type { Product } from '@netkart/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useCliShop } from './cli/cli-harness.js';
import { client, signUp, validAddress } from './harness.js';

const cli = useCliShop();
const store = (...argv: string[]) => cli.store(...argv);
let http: ReturnType<typeof client>;

beforeAll(() => {
  http = client(cli.shop.app);
});

const HEADER =
  'sku,title,category,regularPrice,discountedPrice,mrp,stock,images,parentSku,option1Name,option1Value,option2Name,option2Value';
/** A travel case in two colours and two lengths of strap: one product's row, then its variants' rows. */
const caseFile = (prefix: string, rows: string[] = []) =>
  [
    HEADER,
    `${prefix},Hard Travel Case ${prefix},Accessories,1499,,1999,0,,,,,,`,
    `${prefix}-BLK-S,,,1499,1299,1999,5,/media/products/nk-lan-001.svg 800x800,${prefix},Colour,Black,Strap,Short`,
    `${prefix}-OLV-S,,,1599,,1999,2,,${prefix},Colour,Olive,Strap,Short`,
    ...rows,
  ].join('\n');

const productBySku = async (sku: string) => {
  const row = await cli.shop.db.selectFrom('products').select('id').where('sku', '=', sku).executeTakeFirstOrThrow();
  return (await http.get(`/products/${row.id}`)).json() as Product;
};

describe('a catalogue file with variants', () => {
  it('imports the variants of a product, each with its own stock; ordering one takes only its stock', async () => {
    const imported = await store('products', 'import', cli.files.write('cases.csv', caseFile('NK-TC-1')));
    expect(imported.stderr).not.toMatch(/Line \d+: (?!warning)/);
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain('Imported 1 products');
    const product = await productBySku('NK-TC-1');
    expect(product.options).toEqual([
      { name: 'Colour', values: ['Black', 'Olive'] },
      { name: 'Strap', values: ['Short'] },
    ]);
    expect(product.variants?.map(({ sku, options, price, stock }) => ({ sku, options, price, stock }))).toEqual([
      { sku: 'NK-TC-1-BLK-S', options: { Colour: 'Black', Strap: 'Short' }, price: 1299, stock: 5 },
      { sku: 'NK-TC-1-OLV-S', options: { Colour: 'Olive', Strap: 'Short' }, price: 1599, stock: 2 },
    ]);
    expect(product.variants?.[0]?.images).toEqual([{ url: '/media/products/nk-lan-001.svg', width: 800, height: 800 }]);
    // The product reads its variants' sum and its cheapest price: listings and filters as before.
    expect(product).toMatchObject({ stock: 7, regularPrice: 1499, discountedPrice: 1299 });

    const shopper = await signUp(cli.shop.app);
    const placed = await http.post(
      '/orders',
      { lines: [{ productId: product.id, quantity: 1, variantSku: 'NK-TC-1-OLV-S' }], shippingAddress: validAddress },
      shopper.token,
    );
    expect(placed.statusCode).toBe(201);
    const after = await productBySku('NK-TC-1');
    expect(after.variants?.map((variant) => variant.stock)).toEqual([5, 1]);
    expect(after.stock).toBe(6);
  });

  it('sets a variant’s stock by its SKU with products stock, and refuses the product’s own', async () => {
    await store('products', 'import', cli.files.write('stock.csv', caseFile('NK-TC-9')));
    const set = await store('products', 'stock', 'nk-tc-9-olv-s', '11');
    expect(set.code).toBe(0);
    const product = await productBySku('NK-TC-9');
    expect(product.variants?.map((variant) => variant.stock)).toEqual([5, 11]);
    expect(product.stock).toBe(16);
    const whole = await store('products', 'stock', 'NK-TC-9', '3');
    expect(whole.code).not.toBe(0);
    expect(whole.stderr).toContain('sum of its variants');
    expect((await productBySku('NK-TC-9')).stock).toBe(16);
  });

  it('exports the variants as it read them, and reads its own export back unchanged', async () => {
    await store('products', 'import', cli.files.write('round.csv', caseFile('NK-TC-2')));
    const exported = await store('products', 'export', '--no-bom');
    expect(exported.code).toBe(0);
    expect(exported.stdout).toContain('NK-TC-2-OLV-S,Hard Travel Case NK-TC-2,,Accessories');
    expect(exported.stdout).toContain(',NK-TC-2,Colour,Olive,Strap,Short,,');
    const back = await store('products', 'import', cli.files.write('back.csv', exported.stdout));
    expect(back.code).toBe(0);
    expect(back.stdout).toMatch(/0 new, 0 updated, \d+ unchanged/);
    const again = await store('products', 'export', '--no-bom');
    expect(again.stdout).toBe(exported.stdout);
    for (const format of ['json'] as const) {
      const json = await store('products', 'export', '--format', format);
      const reread = await store('products', 'import', cli.files.write(`back.${format}`, json.stdout));
      expect(reread.stdout).toMatch(/0 new, 0 updated, \d+ unchanged/);
      expect((await store('products', 'export', '--format', format)).stdout).toBe(json.stdout);
    }
  });

  const refused = async (name: string, text: string, problem: RegExp) => {
    const before = (await store('products', 'export', '--no-bom')).stdout;
    const answer = await store('products', 'import', cli.files.write(name, text));
    expect(answer.code).not.toBe(0);
    expect(answer.stderr).toMatch(problem);
    expect(answer.stderr).toContain('Nothing was imported');
    expect((await store('products', 'export', '--no-bom')).stdout).toBe(before);
  };

  it('refuses a variant without its option value, naming its row, and writes nothing', async () => {
    await refused(
      'no-value.csv',
      caseFile('NK-TC-3', ['NK-TC-3-GRY-S,,,1499,,1999,4,,NK-TC-3,Colour,,Strap,Short']),
      /Line 5: option1Value is missing/,
    );
  });

  it('refuses two variants with the same options', async () => {
    await refused(
      'same.csv',
      caseFile('NK-TC-4', ['NK-TC-4-BLK-S2,,,1499,,1999,4,,NK-TC-4,Colour,black,Strap,short']),
      /Line 5: it has the same options as line 3/,
    );
  });

  it('refuses a SKU given twice, and a SKU another product of the shop has', async () => {
    await refused(
      'twice.csv',
      caseFile('NK-TC-5', ['NK-TC-5-OLV-S,,,1499,,1999,4,,NK-TC-5,Colour,Grey,Strap,Short']),
      /Line 5: the SKU NK-TC-5-OLV-S is already on line 4/,
    );
    await refused(
      'taken.csv',
      caseFile('NK-TC-6', ['NK-TC-1,,,1499,,1999,4,,NK-TC-6,Colour,Grey,Strap,Short']),
      /Line 5: the SKU NK-TC-1 is another product's in the shop/,
    );
  });

  it('refuses a parentSku that is not in the file', async () => {
    await refused(
      'orphan.csv',
      caseFile('NK-TC-7', ['NK-TC-8-BLK,,,1499,,1999,4,,NK-TC-8,Colour,Black,,']),
      /Line 5: parentSku NK-TC-8 is not a product's row in this file/,
    );
  });
});
