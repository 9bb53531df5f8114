import fs from 'node:fs';
import path from 'node:path';

const CATEGORIES = ['LAN Adapters', 'Laptop Accessories', 'USB Hubs', 'Docking Stations', 'Storage'];

/** Writes a CSV catalogue of `rows` generated products into `folder`; returns its path. */
export function writeBenchCatalogue(rows: number, folder: string): string {
  const file = path.join(folder, `catalogue-${rows}.csv`);
  const out = fs.openSync(file, 'w');
  fs.writeSync(
    out,
    'sku,title,description,category,parentCategory,gender,regularPrice,discountedPrice,stock,hidden,images,attributes\n',
  );
  let chunk = '';
  for (let index = 1; index <= rows; index += 1) {
    const category = CATEGORIES[index % CATEGORIES.length];
    const price = 299 + (index % 400) * 25;
    chunk += `BENCH-${index},"Bench Adapter ${index}, Gen ${index % 7}","A dependable accessory for laptops and desktops, tested for Indian power conditions. Model ${index}.",${category},Series ${index % 20},,${price},${index % 3 === 0 ? price - 100 : ''},${index % 500},false,/media/products/nk-lan-001.svg 800x800,Speed [Gbps]=${(index % 4) + 1} | Colours=Black;Grey | Weight [g]=${30 + (index % 90)} | Warranty=1 year | Brand=Bench\n`;
    if (index % 5000 === 0) {
      fs.writeSync(out, chunk);
      chunk = '';
    }
  }
  fs.writeSync(out, chunk);
  fs.closeSync(out);
  return file;
}
