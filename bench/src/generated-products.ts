import { spawn } from 'node:child_process';
import type { ProductInput } from '../../server/src/modules/catalog/product-row.js';
import type { ScratchShop } from './scratch-shop.js';

/**
 * The benches' generated catalogue: a dozen kinds of accessory in seven categories, eight brands
 * (each brand's kinds are a type, `parentCategory`), speeds, wattages, ports and capacities; every
 * kind about 1 in 12 of the catalogue, a third discounted, stock 0-49.
 */
const KINDS = [
  ['USB-C Hub', 'USB Hubs', 'Ports'],
  ['USB 3.0 Hub', 'USB Hubs', 'Ports'],
  ['Ethernet Adapter', 'LAN Adapters', 'Speed'],
  ['Docking Station', 'Docking Stations', 'Ports'],
  ['GaN Charger', 'Chargers', 'Power'],
  ['Pen Drive', 'Storage', 'Capacity'],
  ['Portable SSD', 'Storage', 'Capacity'],
  ['HDMI Cable', 'Cables', 'Length'],
  ['Laptop Stand', 'Laptop Accessories', 'Material'],
  ['Wireless Mouse', 'Laptop Accessories', 'Colour'],
  ['Keyboard', 'Laptop Accessories', 'Colour'],
  ['Webcam', 'Laptop Accessories', 'Resolution'],
] as const;
const BRANDS = ['NetKart', 'Veloxa', 'Linkon', 'Portra', 'Zentri', 'Aruvi', 'Kaveri', 'Deccan'];
const VALUES: Record<string, string[]> = {
  Ports: ['4', '7', '8', '11', '13'],
  Speed: ['1', '2.5', '5', '10'],
  Power: ['20', '33', '45', '65', '100'],
  Capacity: ['64', '128', '256', '512', '1024'],
  Length: ['1', '1.5', '2', '3'],
  Material: ['Aluminium', 'Steel', 'Plastic'],
  Colour: ['Black', 'Grey', 'White', 'Blue'],
  Resolution: ['720p', '1080p', '4K'],
};

export function productAt(index: number): ProductInput {
  const [kind, category, spec] = KINDS[index % KINDS.length] as (typeof KINDS)[number];
  const brand = BRANDS[Math.floor(index / KINDS.length) % BRANDS.length] as string;
  const values = VALUES[spec] as string[];
  const value = values[Math.floor(index / 7) % values.length] as string;
  const price = 299 + (index % 400) * 25;
  return {
    sku: `BS-${index}`,
    title: `${brand} ${value} ${spec === 'Speed' ? 'Gbps ' : spec === 'Power' ? 'W ' : ''}${kind} ${index % 9 === 0 ? 'Pro' : `Gen ${index % 5}`}`,
    description: `A dependable ${kind.toLowerCase()} for laptops and desktops, tested for Indian power conditions. Model ${index}.`,
    category,
    parentCategory: `${brand} ${category}`,
    gender: null,
    regularPrice: price,
    discountedPrice: index % 3 === 0 ? price - 100 : null,
    stock: index % 50,
    images: [],
    attributes: [
      { key: spec, value: [value], metricUnit: null },
      { key: 'Brand', value: [brand], metricUnit: null },
      { key: 'Warranty', value: [`${1 + (index % 3)} year`], metricUnit: null },
    ],
  };
}

/** Adds `size` generated products to the shop's store in one import, as a merchant's file would; the seconds it took. */
export async function fillWithGenerated(shop: ScratchShop, size: number): Promise<number> {
  const started = performance.now();
  await shop.services.catalog.importMany(shop.store.id, generatedBatches(size));
  return (performance.now() - started) / 1000;
}

/** `size` generated products, BATCH at a time, never all held at once. */
const BATCH = 2_000;
export async function* generatedBatches(size: number): AsyncGenerator<ProductInput[]> {
  for (let start = 0; start < size; start += BATCH)
    yield Array.from({ length: Math.min(BATCH, size - start) }, (_, offset) => productAt(start + offset));
}

/**
 * As fillWithGenerated, from a process of its own (fill-generated.ts) that exits when it is done:
 * what an import of 10,00,000 rows leaves in a process's heap does not weigh on what is measured
 * next, as it would not in a shop whose merchant imported from the `store` command.
 */
export async function fillInOwnProcess(shop: ScratchShop, size: number): Promise<number> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', new URL('./fill-generated.ts', import.meta.url).pathname, String(size)],
    {
      stdio: 'inherit',
      env: { ...process.env, FILL_DATA_DIR: shop.dataDir, FILL_SCHEMA: shop.schema ?? '' },
    },
  );
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`filling the catalogue failed (exit code ${code})`);
  return (performance.now() - started) / 1000;
}
