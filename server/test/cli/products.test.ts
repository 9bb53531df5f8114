import path from 'node:path';
import type { Product, ProductListResponse } from '@netkart/contract';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { client } from '../harness.js';
import { type CliResult, SAMPLES_DIR, useCliShop } from './cli-harness.js';

const cli = useCliShop();
const store = (...argv: string[]) => cli.store(...argv);
let http: ReturnType<typeof client>;

beforeAll(async () => {
  http = client(cli.shop.app);
});

const HEADER =
  'sku,title,description,category,parentCategory,gender,regularPrice,discountedPrice,stock,hidden,images,attributes';
const goodRow = (sku: string, price = '999') =>
  `${sku},Test Adapter ${sku},A test product.,Test Gear,Adapters,,${price},,10,false,/media/products/nk-lan-001.svg 800x800,Speed [Gbps]=1`;

async function listCategory(category: string): Promise<ProductListResponse> {
  const response = await http.get(`/products?category=${encodeURIComponent(category)}&limit=100`);
  expect(response.statusCode).toBe(200);
  return response.json() as ProductListResponse;
}

async function catalogueSnapshot(): Promise<string> {
  const exported = await store('products', 'export', '--format', 'json');
  expect(exported.code).toBe(0);
  return exported.stdout;
}

describe('products import', () => {
  it('loads the sample CSV into the shop, where shoppers see it', async () => {
    const result = await store('products', 'import', path.join(SAMPLES_DIR, 'catalogue.csv'));
    expect(result).toMatchObject({
      code: 0,
      stderr: "Line 2: warning: the category 'Network Cables' is new to the store.\n",
    });
    expect(result.stdout).toContain('Imported 4 products into NetKart: 4 new, 0 updated, 0 unchanged.');

    const listed = await listCategory('network cables');
    expect(listed.count).toBe(4);
    const switchProduct = listed.data.find((product) => product.sku === 'SM-NET-103') as Product;
    expect(switchProduct).toMatchObject({
      title: '8-Port Gigabit Switch, Metal',
      category: 'Network Cables',
      parentCategory: 'Switches',
      regularPrice: 2499,
      discountedPrice: 1999,
      stock: 45,
      imgUrl: '/media/categories/usb-hubs.svg',
      images: [{ url: '/media/categories/usb-hubs.svg', width: 800, height: 800 }],
    });
    expect(switchProduct.attributes.map(({ key, value, metricUnit }) => ({ key, value, metricUnit }))).toEqual([
      { key: 'Ports', value: ['8'], metricUnit: null },
      { key: 'Speed', value: ['10', '100', '1000'], metricUnit: 'Mbps' },
      { key: 'Power', value: ['4.5'], metricUnit: 'W' },
      { key: 'Mounting', value: ['Desk', 'Wall'], metricUnit: null },
    ]);
    const featured = (await http.get('/products?featured=true&limit=100')).json() as ProductListResponse;
    expect(featured.data.map((product) => product.sku)).toContain('SM-NET-102');
  });

  it('loads the sample JSON, and a second import of the same file changes nothing', async () => {
    const sample = path.join(SAMPLES_DIR, 'catalogue.json');
    expect((await store('products', 'import', sample)).stdout).toContain('2 new, 0 updated, 0 unchanged');
    const again = await store('products', 'import', sample);
    expect(again.stdout).toContain('0 new, 0 updated, 2 unchanged');
    const sleeve = (await listCategory('Laptop Accessories')).data.find((product) => product.sku === 'SM-BAG-201');
    expect(sleeve).toMatchObject({
      title: '15.6" Laptop Sleeve, Water-Resistant',
      regularPrice: 899,
      discountedPrice: 699,
    });
  });

  it('updates products by SKU and keeps their id', async () => {
    const file = cli.files.write('update.csv', `${HEADER}\n${goodRow('UP-1', '500')}\n`);
    await store('products', 'import', file);
    const before = (await listCategory('Test Gear')).data.find((product) => product.sku === 'UP-1') as Product;

    cli.files.write('update.csv', `${HEADER}\n${goodRow('UP-1', '"₹1,250.50"')}\n`);
    const result = await store('products', 'import', file);
    expect(result.stdout).toContain('0 new, 1 updated, 0 unchanged');
    const after = (await http.get(`/products/${before.id}`)).json() as Product;
    expect(after.regularPrice).toBe(1250.5);
  });

  it('imports a large catalogue that shoppers page through in file order, deep pages too', async () => {
    const rows = Array.from({ length: 1500 }, (_, index) =>
      goodRow(`BULK-${String(index + 1).padStart(4, '0')}`).replace('Test Gear', 'Bulk Gear'),
    );
    const result = await store('products', 'import', cli.files.write('bulk.csv', `${HEADER}\n${rows.join('\n')}\n`));
    expect(result.stdout).toContain('1500 new, 0 updated, 0 unchanged');
    const page = async (number: number) =>
      (await http.get(`/products?category=bulk%20gear&page=${number}&limit=12`)).json() as ProductListResponse;
    const first = await page(1);
    expect(first.count).toBe(1500);
    expect(first.data.map((product) => product.sku).slice(0, 2)).toEqual(['BULK-0001', 'BULK-0002']);
    const deep = await page(100);
    expect(deep.data.map((product) => product.sku)).toEqual(
      Array.from({ length: 12 }, (_, index) => `BULK-${String(1188 + index + 1).padStart(4, '0')}`),
    );
    expect((await page(125)).data.map((product) => product.sku).at(-1)).toBe('BULK-1500');
    expect((await page(126)).data).toEqual([]);
  });

  it('counts new, updated and unchanged rows of a catalogue large enough to be written in parts', async () => {
    const row = (index: number, price = '999') =>
      goodRow(`PART-${String(index).padStart(5, '0')}`, price).replace('Test Gear', 'Part Gear');
    const first = Array.from({ length: 3000 }, (_, index) => row(index + 1));
    const created = await store(
      'products',
      'import',
      cli.files.write('parts-1.csv', `${HEADER}\n${first.join('\n')}\n`),
    );
    expect(created.stdout).toContain('3000 new, 0 updated, 0 unchanged');
    // 1,000 the same, 1,000 at a new price, 2,500 new; the last 1,000 of before left out.
    const second = [
      ...Array.from({ length: 1000 }, (_, index) => row(index + 1)),
      ...Array.from({ length: 1000 }, (_, index) => row(index + 1001, '1099')),
      ...Array.from({ length: 2500 }, (_, index) => row(index + 3001)),
    ];
    const result = await store(
      'products',
      'import',
      cli.files.write('parts-2.csv', `${HEADER}\n${second.join('\n')}\n`),
    );
    expect(result.stdout).toContain('Imported 4500 products into NetKart: 2500 new, 1000 updated, 1000 unchanged.');
    const page = async (number: number) =>
      (await http.get(`/products?category=part%20gear&page=${number}&limit=100`)).json() as ProductListResponse;
    // Every new product is shown once the import is done, after the ones before, in the file's order.
    const firstPage = await page(1);
    expect(firstPage.count).toBe(5500);
    expect((await page(11)).data[0]).toMatchObject({ sku: 'PART-01001', regularPrice: 1099 });
    expect(firstPage.data[0]).toMatchObject({ sku: 'PART-00001', regularPrice: 999 });
    expect((await page(31)).data.map((product) => product.sku).slice(0, 2)).toEqual(['PART-03001', 'PART-03002']);
    expect((await page(55)).data.at(-1)?.sku).toBe('PART-05500');
    const again = await store(
      'products',
      'import',
      cli.files.write('parts-2.csv', `${HEADER}\n${second.join('\n')}\n`),
    );
    expect(again.stdout).toContain('0 new, 0 updated, 4500 unchanged');
  });

  it('--dry-run tells what would change and writes nothing', async () => {
    const before = await catalogueSnapshot();
    const file = cli.files.write('dry.csv', `${HEADER}\n${goodRow('DRY-1')}\n${goodRow('UP-1', '777')}\n`);
    const result = await store('products', 'import', file, '--dry-run');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('importing would give 1 new, 1 updated, 0 unchanged. Nothing was written.');
    // Which products, and which of their fields.
    expect(result.stdout).toContain('  new     DRY-1\n');
    expect(result.stdout).toContain('  update  UP-1: regularPrice\n');
    expect(await catalogueSnapshot()).toBe(before);
  });
});

describe('catalogue files that forgive and warn', () => {
  it('warns of a category that is new or a likely typo, and --strict refuses the file', async () => {
    const rows = [
      HEADER,
      goodRow('CAT-1').replace('Test Gear', 'LAN Adaptors'),
      goodRow('CAT-2').replace('Test Gear', 'lan  adapters'),
      goodRow('CAT-3').replace('Test Gear', 'Brand New Things'),
    ];
    const file = cli.files.write('categories.csv', `${rows.join('\n')}\n`);
    const before = await catalogueSnapshot();
    const strict = await store('products', 'import', file, '--strict');
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain(
      "Line 2: warning: the category 'LAN Adaptors' is not 'LAN Adapters', which the store has: a typo? (one letter differs)",
    );
    expect(strict.stderr).toContain("Line 3: warning: the category 'lan  adapters' is not 'LAN Adapters'");
    expect(strict.stderr).toContain('(it differs only by case or spacing)');
    expect(strict.stderr).toContain("Line 4: warning: the category 'Brand New Things' is new to the store.");
    expect(strict.stderr).toContain('--strict refuses them');
    expect(await catalogueSnapshot()).toBe(before);
    expect((await store('products', 'import', file)).code).toBe(0);
  });

  it('refuses a picture on this server that is not in the picture folder, with its row', async () => {
    const file = cli.files.write(
      'pictures.csv',
      `${HEADER}\n${goodRow('PIC-1').replace('/media/products/nk-lan-001.svg', '/media/products/missing.webp')}\n`,
    );
    const result = await store('products', 'import', file);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Line 2: the picture /media/products/missing.webp is not in the picture folder');
    cli.files.write('media/products/missing.webp', Buffer.from('RIFF0000WEBPVP8 '));
    expect((await store('products', 'import', file)).code).toBe(0);
  });

  it("reads Excel's Windows-1252 CSV as it was meant, and says so", async () => {
    const text = `${HEADER}\n${goodRow('WIN-1').replace('Test Adapter WIN-1', 'Caf\u00e9 \u201cPro\u201d Adapter \u2013 5\u20ac')}\n`;
    const bytes = Buffer.from([...text].map((char) => WINDOWS_1252[char] ?? char.charCodeAt(0)));
    const result = await store('products', 'import', cli.files.write('excel.csv', bytes));
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('not UTF-8: read as Windows-1252');
    const product = (await listCategory('test gear')).data.find((item) => item.sku === 'WIN-1');
    expect(product?.title).toBe('Caf\u00e9 \u201cPro\u201d Adapter \u2013 5\u20ac');
  });

  it('matches SKUs whatever their case, and keeps the spelling the store has', async () => {
    await store('products', 'import', cli.files.write('case-1.csv', `${HEADER}\n${goodRow('CASE-1', '500')}\n`));
    const result = await store(
      'products',
      'import',
      cli.files.write('case-2.csv', `${HEADER}\n${goodRow('case-1', '450')}\n`),
    );
    expect(result.stdout).toContain('0 new, 1 updated');
    const found = (await listCategory('test gear')).data.filter((item) => item.sku.toLowerCase() === 'case-1');
    expect(found).toEqual([expect.objectContaining({ sku: 'CASE-1', regularPrice: 450 })]);
    expect((await store('products', 'stock', 'case-1', '3')).code).toBe(0);
  });

  it('exports titles that look like formulas as text, and reads its own export back unchanged', async () => {
    const names = ['=1+1', '-Dash', "'=Quoted already", '@Mention', '+Plus'];
    const rows = names.map(
      (title, index) =>
        `FORMULA-${index},"${title.replaceAll('"', '""')}",A test product.,Test Gear,Adapters,,499,,10,false,/media/products/nk-lan-001.svg 800x800,Speed [Gbps]=1`,
    );
    const file = cli.files.write('formulas.csv', `${HEADER}\n${rows.join('\n')}\n`);
    expect((await store('products', 'import', file)).code).toBe(0);
    const exported = await store('products', 'export', '--no-bom');
    const titleCells = exported.stdout.split('\n').filter((line) => line.startsWith('FORMULA-'));
    expect(titleCells.map((line) => line.split(',')[1])).toEqual([
      "'=1+1",
      "'-Dash",
      // Typed with a spreadsheet's own text mark: read as the text after it, as a spreadsheet reads it.
      "'=Quoted already",
      "'@Mention",
      "'+Plus",
    ]);
    // Imported again (and again), nothing changes: the guard is the exporter's, not part of the title.
    for (const round of [1, 2]) {
      const back = await store('products', 'import', cli.files.write(`formulas-${round}.csv`, exported.stdout));
      expect(back.stdout).toMatch(/0 new, 0 updated, \d+ unchanged/);
      const again = await store('products', 'export', '--no-bom');
      expect(again.stdout).toBe(exported.stdout);
    }
    const listed = (await listCategory('test gear')).data.filter((item) => item.sku.startsWith('FORMULA-'));
    expect(listed.map((item) => item.title).sort()).toEqual(
      ['=1+1', '-Dash', '=Quoted already', '@Mention', '+Plus'].sort(),
    );
  });

  it('starts a CSV export with the mark that tells Excel it is UTF-8, unless told not to', async () => {
    const withMark = await store('products', 'export');
    expect(withMark.stdout.startsWith('\uFEFFsku,title,')).toBe(true);
    const without = await store('products', 'export', '--no-bom');
    expect(without.stdout.startsWith('sku,title,')).toBe(true);
    // Each export is in the activity log, by the store command.
    const log = await cli.shop.db
      .selectFrom('audit_log')
      .select(['actor', 'subject'])
      .where('action', '=', 'catalogue.export')
      .execute();
    expect(log.length).toBeGreaterThanOrEqual(2);
    expect(log).toContainEqual({ actor: 'store command', subject: 'catalogue' });
  });
});

/** The bytes Windows-1252 gives the characters outside Latin-1 that the test uses. */
const WINDOWS_1252: Record<string, number> = { '\u201c': 0x93, '\u201d': 0x94, '\u2013': 0x96, '\u20ac': 0x80 };

describe('a bad catalogue changes nothing', () => {
  let before: string;
  beforeEach(async () => {
    before = await catalogueSnapshot();
  });

  async function expectRefused(content: string | Buffer, name = 'bad.csv'): Promise<CliResult> {
    const result = await store('products', 'import', cli.files.write(name, content));
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(await catalogueSnapshot()).toBe(before);
    return result;
  }

  it('reports every bad row with its line number and reason', async () => {
    const result = await expectRefused(
      [
        HEADER,
        goodRow('OK-1'),
        'BAD-1,Adapter,,Test Gear,,,twelve hundred,,10,false,,',
        'BAD-2,Adapter,,Test Gear,,,999,,-4,maybe,,',
        goodRow('OK-2'),
        'BAD-4,Adapter,,Test Gear,,,999,1200,4,false,,',
        ',No SKU,,Test Gear,,,999,,10,false,,',
        'BAD-3,Adapter,,Test Gear,,,999,,10,false,/media/x.svg,Speed [Gbps=1',
      ].join('\n'),
    );
    expect(result.stderr).toContain('Line 3: regularPrice must be a number of rupees, like 1499 or 1499.50.');
    expect(result.stderr).toMatch(/Line 4: .*stock cannot be negative\./);
    expect(result.stderr).toMatch(/Line 4: .*hidden must be true or false\./);
    expect(result.stderr).toContain('Line 6: discountedPrice cannot be more than regularPrice.');
    expect(result.stderr).toContain('Line 7: sku is required.\n');
    expect(result.stderr).toContain("Line 8: images: '/media/x.svg' needs its size in pixels");
    expect(result.stderr).toContain("attributes: the unit of 'Speed' needs a closing ']'.");
    expect(result.stderr).not.toMatch(/Line [25]:/);
    expect(result.stderr).toContain(
      'Error: Nothing was imported: 5 rows have problems (above). Fix them, or run again with --skip-invalid to import the 2 good rows.',
    );
  });

  it('refuses a large file whose very last row is bad, naming that line, having written nothing', async () => {
    const rows = Array.from({ length: 5000 }, (_, index) => goodRow(`LATE-${index + 1}`));
    const result = await expectRefused(
      `${HEADER}\n${rows.join('\n')}\nLATE-BAD,Adapter,,Test Gear,,,999,,-1,false,,\n`,
    );
    expect(result.stderr).toMatch(/^Line 5002: .*stock cannot be negative\./m);
    expect(result.stderr).toContain(
      'Error: Nothing was imported: 1 row has a problem (above). Fix it, or run again with --skip-invalid to import the 5000 good rows.',
    );
    // No LATE- product was written (a search that finds none of them falls back to other products).
    const found = (await http.get('/products?q=LATE-1&limit=48')).json() as ProductListResponse;
    expect(found.data.filter((product) => product.sku.startsWith('LATE-'))).toEqual([]);
  });

  it('refuses a file missing a required column, naming it', async () => {
    const result = await expectRefused('sku,title,category,stock\nMC-1,Adapter,Test Gear,4\n');
    expect(result.stderr).toContain(
      "Error: Line 1: the column 'regularPrice' is missing. The columns are: sku, title, description, category",
    );
  });

  it('refuses an unknown column, so a misspelt one is not silently dropped', async () => {
    const result = await expectRefused(`${HEADER},colour\n${goodRow('UC-1')},red\n`);
    expect(result.stderr).toContain("Error: Line 1: unknown column 'colour'.");
  });

  it('refuses duplicate SKUs, naming both lines', async () => {
    const result = await expectRefused(
      `${HEADER}\n${goodRow('DUP-1')}\n${goodRow('DUP-2')}\n${goodRow('DUP-1', '5')}\n`,
    );
    expect(result.stderr).toContain('Line 4: the SKU DUP-1 is already on line 2.');
  });

  it('refuses a malformed quote', async () => {
    const result = await expectRefused(
      `${HEADER}\n${goodRow('Q-1')}\nQ-2,"Adapter "Pro" edition,,Test Gear,,,999,,1,false,,\n`,
    );
    expect(result.stderr).toMatch(
      /Line 3: a double quote is out of place|Line \d+: a value opened with a double quote is never closed/,
    );
  });

  it('refuses a row with too many values', async () => {
    const result = await expectRefused(
      `${HEADER}\n${goodRow('F-1')}\nF-2,USB hub, 4 ports,,Test Gear,,,999,,1,false,,\n`,
    );
    expect(result.stderr).toContain('Line 3: this row has a different number of values than the header has columns');
  });

  it('refuses a 10 MB field without reading it into the catalogue', async () => {
    const huge = Buffer.concat([
      Buffer.from(`${HEADER}\n${goodRow('BIG-0')}\nBIG-1,Adapter,"`),
      Buffer.alloc(10 * 1024 * 1024, 'x'),
      Buffer.from('",Test Gear,,,999,,1,false,,\n'),
    ]);
    const result = await expectRefused(huge);
    expect(result.stderr).toContain('Line 3: this row is over 1 MB');
  });

  it('refuses a JSON catalogue with bad products, naming their lines', async () => {
    const json = `[
  { "sku": "J-1", "title": "Good", "category": "Test Gear", "regularPrice": 10, "stock": 1 },
  { "sku": "J-2", "title": "Bad", "category": "Test Gear", "regularPrice": "10", "stock": 1.5 },
  { "sku": "J-3", "title": "Typo", "category": "Test Gear", "regularPrice": 10, "stock": 1, "colour": "red" }
]`;
    const result = await expectRefused(json, 'bad.json');
    expect(result.stderr).toContain('Line 3: product 2: regularPrice must be a number of rupees');
    expect(result.stderr).toContain('stock must be a whole number.');
    expect(result.stderr).toContain("Line 4: product 3: unknown field 'colour'.");
  });

  it('refuses invalid JSON and files it cannot read', async () => {
    expect((await expectRefused('[{"sku": "J-1",', 'broken.json')).stderr).toContain('is not valid JSON');
    expect((await expectRefused('{"sku": "J-1"}', 'object.json')).stderr).toContain(
      'a JSON catalogue is a list of products',
    );
    expect((await expectRefused('', 'empty.csv')).stderr).toContain('is empty: its first line must name the columns.');
    expect((await expectRefused('sku', 'products.txt')).stderr).toContain('give a .csv or a .json file.');
    const missing = await store('products', 'import', 'no-such-file.csv');
    expect(missing).toMatchObject({ code: 1 });
    expect(missing.stderr).toContain('no-such-file.csv: no such file.');
  });

  it('--skip-invalid imports the good rows and reports the bad ones', async () => {
    const file = cli.files.write(
      'mixed.csv',
      `${HEADER}\n${goodRow('SKIP-1')}\nSKIP-2,Adapter,,Test Gear,,,free,,1,false,,\n`,
    );
    const result = await store('products', 'import', file, '--skip-invalid');
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('Line 3: regularPrice must be a number of rupees');
    expect(result.stdout).toContain('1 new, 0 updated, 0 unchanged, 1 skipped');
    const skus = (await listCategory('Test Gear')).data.map((product) => product.sku);
    expect(skus).toContain('SKIP-1');
    expect(skus).not.toContain('SKIP-2');
  });
});

describe('an import that fails while writing', () => {
  /** A new product of `category`, its title made from its SKU. */
  const input = (sku: string, category: string) => ({
    sku,
    title: `${category} ${sku}`,
    description: 'A product.',
    category,
    parentCategory: null,
    gender: null,
    regularPrice: 100,
    discountedPrice: null,
    stock: 5,
    images: [],
    attributes: [],
  });

  it('deletes the new products it had written hidden, and shoppers never saw them', async () => {
    const { catalog } = cli.shop.services;
    const storeId = cli.shop.storeId;
    async function* rows() {
      yield Array.from({ length: 3000 }, (_, index) => input(`CLASH-${index + 1}`, 'Clash Gear'));
      // Between the staging and the writing, someone else creates one of the file's SKUs.
      await catalog.importMany(storeId, [input('CLASH-2999', 'Clash Gear')]);
    }
    await expect(catalog.importMany(storeId, rows())).rejects.toThrow();
    const listed = (await http.get('/products?category=clash%20gear&limit=10')).json() as ProductListResponse;
    expect(listed.data.map((product) => product.sku)).toEqual(['CLASH-2999']);
    const everything = await catalogueSnapshot();
    expect(everything.match(/"CLASH-/g)).toHaveLength(1);
  });

  it('deletes what it wrote hidden while the file was still being read, when the file is refused at its end', async () => {
    const before = await catalogueSnapshot();
    const { catalog } = cli.shop.services;
    async function* rows() {
      for (let batch = 0; batch < 4; batch++)
        yield Array.from({ length: 1500 }, (_, index) => input(`REFUSED-${batch}-${index}`, 'Refused Gear'));
    }
    let writtenBeforeTheEnd = 0;
    const refusal = catalog.importMany(cli.shop.storeId, rows(), {
      beforeWriting: async () => {
        const { count } = await cli.shop.db
          .selectFrom('products')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('sku', 'like', 'REFUSED-%')
          .where('hidden', '=', 1)
          .executeTakeFirstOrThrow();
        writtenBeforeTheEnd = Number(count);
        throw new Error('the file has a bad last row');
      },
    });
    await expect(refusal).rejects.toThrow('the file has a bad last row');
    // On SQLite the rows were written hidden while the rest was read; PostgreSQL writes once all is read.
    if (cli.shop.dialect === 'sqlite') expect(writtenBeforeTheEnd).toBeGreaterThanOrEqual(2000);
    else expect(writtenBeforeTheEnd).toBe(0);
    expect(await catalogueSnapshot()).toBe(before);
    const listed = (await http.get('/products?category=refused%20gear&limit=1')).json() as ProductListResponse;
    expect(listed.count).toBe(0);
  });
});

describe("each product's legal particulars", () => {
  const LEGAL_HEADER = `${HEADER},hsn,gstRate,mrp,countryOfOrigin,manufacturer,importer,netQuantity`;
  const maker = '"Vayu Electronics Pvt. Ltd., Electronics City, Bengaluru 560100"';
  const importer = '"NetKart Technologies Private Limited, Bengaluru 560025"';
  const legalRow = (sku: string, particulars: string) => `${goodRow(sku)},${particulars}`;

  it('imports them from CSV, exports them as they were, and shoppers read them', async () => {
    const file = cli.files.write(
      'legal.csv',
      [
        LEGAL_HEADER,
        legalRow('LEGAL-1', `85176290,18%,"₹1,299",china,"Shenzhen Linkwell, Shenzhen",${importer},1 N`),
        legalRow('LEGAL-2', `8544,5,999,INDIA,${maker},,2 N`),
      ].join('\n'),
    );
    const result = await store('products', 'import', file, '--strict');
    expect(result).toMatchObject({ code: 0 });
    const products = (await listCategory('Test Gear')).data;
    expect(products.find((product) => product.sku === 'LEGAL-1')).toMatchObject({
      hsn: '85176290',
      gstRate: 18,
      mrp: 1299,
      countryOfOrigin: 'China',
      manufacturer: 'Shenzhen Linkwell, Shenzhen',
      importer: 'NetKart Technologies Private Limited, Bengaluru 560025',
      netQuantity: '1 N',
    });
    expect(products.find((product) => product.sku === 'LEGAL-2')).toMatchObject({
      hsn: '8544',
      gstRate: 5,
      mrp: 999,
      countryOfOrigin: 'India',
      importer: null,
    });
    for (const format of ['csv', 'json']) {
      const exported = await store('products', 'export', '--format', format);
      const back = await store('products', 'import', cli.files.write(`again.${format}`, exported.stdout));
      expect(back.stdout, format).toMatch(/0 new, 0 updated, \d+ unchanged/);
    }
    const json = JSON.parse((await store('products', 'export', '--format', 'json')).stdout) as Record<
      string,
      unknown
    >[];
    expect(json.find((record) => record.sku === 'LEGAL-2')).toMatchObject({ countryOfOrigin: 'India', gstRate: 5 });
  });

  it('refuses a bad HSN, a rate GST does not have, a price above the MRP, an unknown country and an import without importer', async () => {
    const before = await catalogueSnapshot();
    const result = await store(
      'products',
      'import',
      cli.files.write(
        'bad-legal.csv',
        [
          LEGAL_HEADER,
          legalRow('BAD-HSN', `85A7,18,1299,India,${maker},,1 N`),
          legalRow('BAD-RATE', `8517,12,1299,India,${maker},,1 N`),
          legalRow('BAD-MRP', `8517,18,899,India,${maker},,1 N`),
          legalRow('BAD-LAND', `8517,18,1299,Atlantis,${maker},,1 N`),
          legalRow('NO-IMPORTER', `8517,18,1299,Taiwan,${maker},,1 N`),
        ].join('\n'),
      ),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Line 2: hsn is an HSN code of 4, 6 or 8 digits, like 8517 or 85176290.');
    expect(result.stderr).toContain('Line 3: gstRate must be one of 0, 0.25, 3, 5, 18, 40 (percent).');
    expect(result.stderr).toContain(
      'Line 4: mrp (899) cannot be less than the selling price (999): no one may sell above the MRP.',
    );
    expect(result.stderr).toContain(
      "Line 5: countryOfOrigin 'Atlantis' is not a country we know: write its English name, like India, China or Taiwan.",
    );
    expect(result.stderr).toContain(
      "Line 6: importer is required for goods made outside India (countryOfOrigin Taiwan): the importer's name and address.",
    );
    expect(await catalogueSnapshot()).toBe(before);

    const json = await store(
      'products',
      'import',
      cli.files.write(
        'bad-legal.json',
        JSON.stringify([
          {
            sku: 'J-1',
            title: 'X',
            category: 'Test Gear',
            regularPrice: 999,
            discountedPrice: 899,
            stock: 1,
            mrp: 850,
          },
        ]),
      ),
    );
    expect(json.stderr).toContain('mrp (850) cannot be less than the selling price (899)');
  });

  it('imports an older catalogue without them, and says which products lack an HSN or rate when the store has a GSTIN', async () => {
    const result = await store(
      'products',
      'import',
      cli.files.write('old.csv', [HEADER, goodRow('OLD-1'), goodRow('OLD-2')].join('\n')),
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      'Line 2: warning: 2 products have no hsn or gstRate (OLD-1, OLD-2): the store has a GSTIN, and its tax invoices need both.',
    );
    expect(result.stdout).toContain('2 new');
  });
});

describe('products export', () => {
  it('writes CSV and JSON that import back unchanged, byte for byte', async () => {
    for (const format of ['csv', 'json']) {
      const output = `catalogue.${format}`;
      const exported = await store('products', 'export', '--out', output);
      expect(exported.code).toBe(0);
      expect(exported.stderr).toMatch(/^Exported \d+ products to catalogue\./);
      const count = Number(/Exported (\d+)/.exec(exported.stderr)?.[1]);
      expect(count).toBeGreaterThanOrEqual(44);

      const reimported = await store('products', 'import', path.join(cli.files.dir, output));
      expect(reimported.stdout).toContain(`0 new, 0 updated, ${count} unchanged`);
      const again = await store('products', 'export', '--format', format);
      const { readFileSync } = await import('node:fs');
      expect(again.stdout).toBe(readFileSync(path.join(cli.files.dir, output), 'utf8'));
    }
  });

  it('refuses an unknown format', async () => {
    const result = await store('products', 'export', '--format', 'xlsx');
    expect(result).toMatchObject({ code: 1, stderr: "Error: The format is csv or json, not 'xlsx'.\n" });
  });
});

describe('stock and visibility', () => {
  it('sets the stock that shoppers can buy', async () => {
    const result = await store('products', 'stock', 'NK-LAN-002', '3');
    expect(result).toMatchObject({ code: 0, stdout: 'NK-LAN-002: 3 in stock.\n' });
    const lan = (await listCategory('LAN Adapters')).data.find((product) => product.sku === 'NK-LAN-002');
    expect(lan?.stock).toBe(3);
  });

  it('refuses a stock that is not a whole number, and an unknown SKU', async () => {
    expect(await store('products', 'stock', 'NK-LAN-002', '-1')).toMatchObject({ code: 1 });
    expect((await store('products', 'stock', 'NK-LAN-002', 'ten')).stderr).toContain('whole number from 0 to 1000000');
    expect(await store('products', 'stock', 'NO-SUCH', '4')).toMatchObject({
      code: 1,
      stderr: "Error: No product has the SKU 'NO-SUCH'.\n",
    });
  });

  it('hides a product from the shop and shows it again', async () => {
    const lan = (await listCategory('LAN Adapters')).data.find((product) => product.sku === 'NK-LAN-003') as Product;
    expect((await store('products', 'hide', 'NK-LAN-003')).stdout).toBe('NK-LAN-003 is hidden from the shop.\n');
    expect((await http.get(`/products/${lan.id}`)).statusCode).toBe(404);
    expect((await listCategory('LAN Adapters')).data.map((product) => product.sku)).not.toContain('NK-LAN-003');

    expect((await store('products', 'show', 'NK-LAN-003')).stdout).toBe('NK-LAN-003 is shown in the shop.\n');
    expect((await http.get(`/products/${lan.id}`)).statusCode).toBe(200);
  });
});

describe('BIS registration on import', () => {
  it('refuses a row of a BIS-notified category without its R-number, naming row and reason, writing nothing', async () => {
    const header = `${HEADER},bisRegistration`;
    const before = await catalogueSnapshot();
    const bad = [
      header,
      `${goodRow('BIS-CLI-1')},`,
      'BIS-CLI-2,USB-C Charger 30W,,Cables & Chargers,,,1299,,10,false,,,',
      'BIS-CLI-3,USB-C Cable,,Cables & Chargers,,,399,,10,false,,,R-12',
    ].join('\n');
    const result = await store('products', 'import', cli.files.write('bis-bad.csv', `${bad}\n`));
    expect(result.code).toBe(1);
    expect(await catalogueSnapshot()).toBe(before);
    expect(result.stderr).toContain(
      "Line 3: bisRegistration is required: the category 'Cables & Chargers' is BIS-notified",
    );
    expect(result.stderr).toContain("Line 4: bisRegistration is a BIS R-number: 'R-' followed by 8 digits");
    expect(result.stderr).not.toMatch(/Line 2:/);
    expect((await store('products', 'show', 'BIS-CLI-1')).code).not.toBe(0);

    const file = cli.files.write(
      'bis.csv',
      `${header}\nBIS-CLI-2,USB-C Charger 30W,,Cables & Chargers,,,1299,,10,false,,,R-41007777\n`,
    );
    expect((await store('products', 'import', file)).code).toBe(0);
    const listed = await listCategory('cables & chargers');
    expect(listed.data.find((product) => product.sku === 'BIS-CLI-2')?.bisRegistration).toBe('R-41007777');
  });
});
