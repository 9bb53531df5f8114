import { ProductListResponse, SuggestResponse } from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVANAGARI_TRADE_WORDS } from '../src/modules/catalog/search/devanagari-words.js';
import { toStoreInfo } from '../src/modules/stores/service.js';
import { client, startShop, type TestShop } from './harness.js';

/**
 * Searches in Devanagari against the demo catalogue (server/src/seed/), some of whose products
 * carry Hindi titles: trade words written in Hindi find what their English words find, Hindi
 * titles are found by their own words, and suggestions answer in the language asked.
 */
let shop: TestShop;
let http: ReturnType<typeof client>;

beforeAll(async () => {
  shop = await startShop();
  http = client(shop.app);
});
afterAll(() => shop.close());

const search = async (words: string, more = '') => {
  const response = await http.get(`/products?q=${encodeURIComponent(words)}${more}`);
  expect(response.statusCode, response.body).toBe(200);
  return ProductListResponse.parse(response.json());
};
const suggest = async (words: string, more = '') => {
  const response = await http.get(`/products/suggest?q=${encodeURIComponent(words)}${more}`);
  expect(response.statusCode, response.body).toBe(200);
  return SuggestResponse.parse(response.json()).suggestions;
};
const skus = (listing: ProductListResponse) => listing.data.map((product) => product.sku);

const CHARGERS = ['NK-CAB-001', 'NK-CAB-004', 'NK-CAB-006'];
const LAPTOP_STANDS = ['NK-LAP-001', 'NK-LAP-008'];

describe('trade words in Devanagari', () => {
  it('चार्जर finds the chargers, and लैपटॉप स्टैंड a laptop stand, first', async () => {
    const chargers = await search('चार्जर');
    expect(chargers.count).toBeGreaterThan(0);
    expect(CHARGERS).toContain(chargers.data[0]?.sku);
    expect(skus(chargers)).toEqual(expect.arrayContaining(CHARGERS));

    const stands = await search('लैपटॉप स्टैंड');
    expect(LAPTOP_STANDS).toContain(stands.data[0]?.sku);
    // Every word was searched: nothing to tell the shopper.
    expect(stands.search).toEqual({ query: 'लैपटॉप स्टैंड', correctedQuery: null });
  });

  it.each([
    ['चार्जर', 'charger'],
    ['केबल', 'cable'],
    ['लैपटॉप स्टैंड', 'laptop stand'],
    ['पेन ड्राइव', 'pen drive'],
    ['पेनड्राइव', 'pendrive'],
    ['हब', 'hub'],
    ['माउस', 'mouse'],
    ['कीबोर्ड', 'keyboard'],
    ['एडेप्टर', 'adapter'],
    ['अडैप्टर', 'adaptor'],
    ['ईथरनेट केबल', 'ethernet cable'],
    ['वायरलेस माउस', 'wireless mouse'],
    ['टाइप सी हब', 'type c hub'],
  ])('%s lists what %s lists', async (hindi, english) => {
    const inEnglish = await search(english);
    expect(inEnglish.count, english).toBeGreaterThan(0);
    expect(skus(await search(hindi))).toEqual(skus(inEnglish));
  });

  it('reads spellings that differ only in a vowel sign as one word (लैपटाप, चारजर)', async () => {
    expect(skus(await search('लैपटाप स्टेंड'))).toEqual(skus(await search('laptop stand')));
    expect(skus(await search('चारजर'))).toEqual(skus(await search('charger')));
  });

  it('mixes Hindi, Hinglish and prices: सस्ता चार्जर, "usb c हब under 1000"', async () => {
    expect((await search('सस्ता चार्जर')).data[0]?.sku).toBe('NK-CAB-006');
    const cheapHubs = await search('usb c हब under 3000');
    expect(cheapHubs.count).toBeGreaterThan(0);
    for (const product of cheapHubs.data)
      expect(product.discountedPrice ?? product.regularPrice).toBeLessThanOrEqual(3000);
  });

  it('reads Devanagari digits and Hindi price words: १२८ जीबी पेन ड्राइव, "चार्जर 2000 रुपये तक", "हब १००० से कम"', async () => {
    expect((await search('१२८ जीबी पेन ड्राइव')).data[0]?.sku).toBe('NK-STO-003');
    const chargers = await search('चार्जर 2000 रुपये तक');
    expect(chargers.search?.priceFromWords).toEqual({ min: null, max: 2000 });
    expect(chargers.count).toBeGreaterThan(0);
    for (const product of chargers.data)
      expect(product.discountedPrice ?? product.regularPrice).toBeLessThanOrEqual(2000);
    expect((await search('हब १००० से कम')).search?.priceFromWords).toEqual({ min: null, max: 1000 });
    expect((await search('हब 3000 से ज़्यादा')).search?.priceFromWords).toEqual({ min: 3000, max: null });
  });

  it('ships its table as data: every entry names an English word and its Devanagari spellings', () => {
    for (const [english, spellings] of Object.entries(DEVANAGARI_TRADE_WORDS)) {
      expect(english).toMatch(/^[a-z0-9 ]+$/);
      expect(spellings.length).toBeGreaterThan(0);
      for (const spelling of spellings) expect(spelling).toMatch(/\p{Script=Devanagari}/u);
    }
  });
});

describe('Hindi titles are searched', () => {
  it('finds a product by a word of its Hindi title alone, and answers it in Hindi when asked', async () => {
    // 'एल्युमिनियम' (aluminium) and 'ब्रेडेड' (braided) are in no table: only the Hindi titles have them.
    expect(skus(await search('एल्युमिनियम'))).toEqual(['NK-LAP-001']);
    const braided = await search('ब्रेडेड केबल', '&lang=hi');
    expect(braided.data[0]?.sku).toBe('NK-CAB-002');
    expect(braided.data[0]?.title).toBe('USB-C से USB-C केबल, 100 W ब्रेडेड');
  });

  it('leaves English searches as they were', async () => {
    const listing = await search('laptop stand');
    expect(LAPTOP_STANDS).toContain(listing.data[0]?.sku);
    expect(listing.data.find((product) => product.sku === 'NK-LAP-001')?.title).toBe(
      'Aluminium Laptop Stand, Adjustable',
    );
  });

  it('a Hindi title given in the back office is found at once', async () => {
    const row = await shop.db
      .selectFrom('products')
      .selectAll()
      .where('sku', '=', 'NK-LAP-002')
      .executeTakeFirstOrThrow();
    expect((await search('झोली')).count).toBe(0);
    const product = (await shop.services.catalog.getAny(shop.storeId, row.id)) ?? row;
    await shop.services.catalog.updateOne(
      shop.storeId,
      row.id,
      {
        sku: product.sku,
        title: product.title,
        description: product.description,
        titleHi: 'नियोप्रीन लैपटॉप झोली',
        category: product.category,
        parentCategory: product.parent_category,
        gender: product.gender,
        regularPrice: Number(product.regular_price) / 100,
        discountedPrice: product.discounted_price === null ? null : Number(product.discounted_price) / 100,
        stock: product.stock,
        images: JSON.parse(product.images_json),
        attributes: JSON.parse(product.attributes_json),
      },
      {},
    );
    expect(skus(await search('झोली'))).toEqual(['NK-LAP-002']);
  });
});

describe('suggestions in the language asked', () => {
  it('offers the chargers for चार्ज, named in Hindi with lang=hi and in English without', async () => {
    const inHindi = await suggest('चार्जर', '&lang=hi');
    expect(inHindi).toContainEqual({ kind: 'type', label: 'चार्जर', parentCategory: 'Chargers' });
    const charger = inHindi.find(
      (item) => item.kind === 'product' && item.id !== undefined && item.label.includes('65 W'),
    );
    expect(charger?.label).toBe('65 W GaN USB-C चार्जर');

    const inEnglish = await suggest('charger');
    expect(inEnglish).toContainEqual({ kind: 'type', label: 'Chargers', parentCategory: 'Chargers' });
    expect(inEnglish.some((item) => /[\u0900-\u097f]/.test(item.label))).toBe(false);
  });

  it('names English words typed with lang=hi in Hindi too (char → चार्जर)', async () => {
    const offered = await suggest('char', '&lang=hi');
    expect(offered).toContainEqual({ kind: 'type', label: 'चार्जर', parentCategory: 'Chargers' });
  });

  it('refuses a language it does not have, naming the field', async () => {
    const answer = await http.get('/products/suggest?q=hub&lang=xx');
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('lang');
  });
});

describe("the merchant's own synonyms", () => {
  it('add Devanagari spellings the table lacks', async () => {
    expect((await search('स्लीव')).count).toBe(0);
    const store = await shop.services.stores.byId(shop.storeId);
    if (!store) throw new Error('no store');
    await shop.services.stores.updateInfo(store.id, { ...toStoreInfo(store), searchSynonyms: [['sleeve', 'स्लीव']] });
    expect(skus(await search('स्लीव'))).toContain('NK-LAP-002');
    expect(skus(await search('लैपटॉप स्लीव'))[0]).toBe('NK-LAP-002');
    expect(
      SuggestResponse.parse((await http.get(`/products/suggest?q=${encodeURIComponent('स्लीव')}`)).json()).suggestions
        .length,
    ).toBeGreaterThan(0);
  });
});
