/**
 * Loads the shop's bench catalogue (the CSV of bench/src/bench-catalogue.ts, path in BENCH_CATALOGUE)
 * into Medusa: a store in INR, a region "India", a sales channel, a stock location, a publishable
 * key linked to the channel, and one product per row with one variant, its price in INR, a sale
 * price (a price list) where the row has a discounted price, its stock at the location, and its one
 * picture. Run by `medusa exec` (see run/setup.ts).
 */
import fs from 'node:fs';
import type { ExecArgs } from '@medusajs/framework/types';
import { ContainerRegistrationKeys, Modules, ProductStatus } from '@medusajs/framework/utils';
import {
  createApiKeysWorkflow,
  createInventoryLevelsWorkflow,
  createPriceListsWorkflow,
  createProductsWorkflow,
  createRegionsWorkflow,
  createSalesChannelsWorkflow,
  createShippingProfilesWorkflow,
  createStockLocationsWorkflow,
  createTaxRegionsWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
  updateStoresWorkflow,
} from '@medusajs/medusa/core-flows';

interface Row {
  sku: string;
  title: string;
  description: string;
  regularPrice: number;
  discountedPrice: number | null;
  stock: number;
  image: string;
}

/** One CSV line: commas split fields, except inside double quotes ("" is a quote). */
function fields(line: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index];
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      out.push(field);
      field = '';
    } else field += char;
  }
  out.push(field);
  return out;
}

function readCatalogue(file: string): Row[] {
  const [header, ...lines] = fs.readFileSync(file, 'utf8').trim().split('\n');
  const names = fields(header ?? '');
  return lines.map((line) => {
    const values = fields(line);
    const get = (name: string) => values[names.indexOf(name)] ?? '';
    return {
      sku: get('sku'),
      title: get('title'),
      description: get('description'),
      regularPrice: Number(get('regularPrice')),
      discountedPrice: get('discountedPrice') ? Number(get('discountedPrice')) : null,
      stock: Number(get('stock')),
      // "path WxH": the shop reads the size after the space; Medusa keeps the address only.
      image: get('images').split(' ')[0] ?? '',
    };
  });
}

export default async function seedBench({ container }: ExecArgs) {
  const file = process.env.BENCH_CATALOGUE;
  if (!file) throw new Error('BENCH_CATALOGUE must name the bench catalogue CSV');
  const rows = readCatalogue(file);
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER);
  const link = container.resolve(ContainerRegistrationKeys.LINK);
  const query = container.resolve(ContainerRegistrationKeys.QUERY);
  const storeModule = container.resolve(Modules.STORE);
  const fulfillmentModule = container.resolve(Modules.FULFILLMENT);

  const [store] = await storeModule.listStores();
  if (!store) throw new Error('Medusa has no store: run `medusa db:migrate` first');
  const {
    result: [channel],
  } = await createSalesChannelsWorkflow(container).run({
    input: { salesChannelsData: [{ name: 'Bench web shop' }] },
  });
  if (!channel) throw new Error('no sales channel was created');
  await updateStoresWorkflow(container).run({
    input: {
      selector: { id: store.id },
      update: {
        name: 'NetKart',
        supported_currencies: [{ currency_code: 'inr', is_default: true }],
        default_sales_channel_id: channel.id,
      },
    },
  });
  const {
    result: [region],
  } = await createRegionsWorkflow(container).run({
    input: {
      regions: [{ name: 'India', currency_code: 'inr', countries: ['in'], payment_providers: ['pp_system_default'] }],
    },
  });
  if (!region) throw new Error('no region was created');
  await createTaxRegionsWorkflow(container).run({ input: [{ country_code: 'in', provider_id: 'tp_system' }] });

  const {
    result: [location],
  } = await createStockLocationsWorkflow(container).run({
    input: {
      locations: [{ name: 'Bengaluru warehouse', address: { city: 'Bengaluru', country_code: 'IN', address_1: '' } }],
    },
  });
  if (!location) throw new Error('no stock location was created');
  await updateStoresWorkflow(container).run({
    input: { selector: { id: store.id }, update: { default_location_id: location.id } },
  });
  await link.create({
    [Modules.STOCK_LOCATION]: { stock_location_id: location.id },
    [Modules.FULFILLMENT]: { fulfillment_provider_id: 'manual_manual' },
  });
  await linkSalesChannelsToStockLocationWorkflow(container).run({ input: { id: location.id, add: [channel.id] } });

  const {
    result: [key],
  } = await createApiKeysWorkflow(container).run({
    input: { api_keys: [{ title: 'Bench web shop', type: 'publishable', created_by: '' }] },
  });
  if (!key) throw new Error('no publishable key was created');
  await linkSalesChannelsToApiKeyWorkflow(container).run({ input: { id: key.id, add: [channel.id] } });

  let [profile] = await fulfillmentModule.listShippingProfiles({ type: 'default' });
  if (!profile) {
    const { result } = await createShippingProfilesWorkflow(container).run({
      input: { data: [{ name: 'Default Shipping Profile', type: 'default' }] },
    });
    profile = result[0];
  }
  if (!profile) throw new Error('no shipping profile');

  logger.info(`Loading ${rows.length} products...`);
  for (let start = 0; start < rows.length; start += 100) {
    await createProductsWorkflow(container).run({
      input: {
        products: rows.slice(start, start + 100).map((row) => ({
          title: row.title,
          description: row.description,
          handle: row.sku.toLowerCase(),
          status: ProductStatus.PUBLISHED,
          shipping_profile_id: profile.id,
          thumbnail: row.image,
          images: [{ url: row.image }],
          options: [{ title: 'Default', values: ['Default'] }],
          variants: [
            {
              title: 'Default',
              sku: row.sku,
              manage_inventory: true,
              options: { Default: 'Default' },
              prices: [{ amount: row.regularPrice, currency_code: 'inr' }],
            },
          ],
          sales_channels: [{ id: channel.id }],
        })),
      },
    });
  }

  const { data: variants } = await query.graph({
    entity: 'product_variant',
    fields: ['id', 'sku', 'inventory_items.inventory_item_id'],
  });
  const bySku = new Map(rows.map((row) => [row.sku, row]));
  await createInventoryLevelsWorkflow(container).run({
    input: {
      inventory_levels: variants.flatMap((variant) =>
        (variant.inventory_items ?? []).map((item) => ({
          location_id: location.id,
          inventory_item_id: item?.inventory_item_id as string,
          stocked_quantity: bySku.get(variant.sku ?? '')?.stock ?? 0,
        })),
      ),
    },
  });

  const salePrices = variants.flatMap((variant) => {
    const row = bySku.get(variant.sku ?? '');
    return row?.discountedPrice ? [{ variant_id: variant.id, amount: row.discountedPrice, currency_code: 'inr' }] : [];
  });
  // A price list is of type "sale" unless told otherwise: its prices show as the variant's sale price.
  await createPriceListsWorkflow(container).run({
    input: {
      price_lists_data: [
        {
          title: 'Bench discounts',
          description: "The catalogue's discounted prices",
          status: 'active',
          prices: salePrices,
        },
      ],
    },
  });
  logger.info(
    `Loaded ${variants.length} products (${salePrices.length} on sale) in region ${region.id}, publishable key ${key.token}`,
  );
}
