import { type AdminProduct, type SaveProductRequest, variantsFromLists } from '@netkart/contract';
import { CirclePlus, Trash } from '@/components/icons';
import { Button, Input } from '@/components/ui';

/** A variant's row as the table edits it: texts, read as numbers on saving. */
export interface VariantRow {
  sku: string;
  values: string[];
  regularPrice: string;
  discountedPrice: string;
  mrp: string;
  stock: string;
  /** The variant's own pictures: their URLs, one a line (none: the product's pictures are shown). */
  pictures: string;
  /** Its parcel, as typed: grams and cm, each blank for the product's. */
  weightGrams: string;
  lengthCm: string;
  breadthCm: string;
  heightCm: string;
  /** The pictures it had, whose sizes a URL kept keeps. */
  images?: Picture[];
  /** The stock the server gave when the form opened (orders may move it meanwhile); none for a new row. */
  stockSeen?: number;
}

type Picture = { url: string; width: number; height: number };
/** A picture given by URL alone is taken as square until the merchant uploads it with its size. */
const UNKNOWN_SIZE = 800;
const PARCEL_FIELDS = ['weightGrams', 'lengthCm', 'breadthCm', 'heightCm'] as const;

/** The table's state: up to three option names, and a row per variant. */
export interface VariantsTable {
  names: string[];
  rows: VariantRow[];
}

export const MAX_OPTIONS = 3;

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** The product's options and variants as the table shows them. */
export function variantsTableOf(product: AdminProduct | undefined): VariantsTable {
  const names = (product?.options ?? []).map((option) => option.name);
  return {
    names,
    rows: (product?.variants ?? []).map((variant) => ({
      sku: variant.sku,
      values: names.map((name) => variant.options[name] ?? ''),
      regularPrice: text(variant.regularPrice),
      discountedPrice: text(variant.discountedPrice),
      mrp: text(variant.mrp),
      stock: text(variant.stock),
      pictures: (variant.images ?? []).map((image) => image.url).join('\n'),
      weightGrams: text(variant.weightGrams),
      lengthCm: text(variant.lengthCm),
      breadthCm: text(variant.breadthCm),
      heightCm: text(variant.heightCm),
      images: variant.images ?? [],
      stockSeen: variant.stock,
    })),
  };
}

/**
 * The variants a save makes of the form's sizes and colours when the table has none (the server's
 * own rule: a variant per size and colour, the product's prices, its stock split evenly, the
 * remainder to the first). Empty when the form has no size or colour list.
 */
export function variantsTableFromLists(values: {
  sku: string;
  stock: string;
  regularPrice: string;
  discountedPrice: string;
  mrp: string;
  attributes: { key: string; value: string }[];
}): VariantsTable {
  const made = variantsFromLists({
    sku: values.sku.trim(),
    stock: Number(values.stock.replace(/[,\s]/g, '')) || 0,
    attributes: values.attributes.map((attribute) => ({
      key: attribute.key,
      value: attribute.value.split(','),
    })),
  });
  return {
    names: made.options.map((option) => option.name),
    rows: made.variants.map((variant) => ({
      ...emptyRow(made.options.length),
      sku: variant.sku,
      values: variant.values,
      regularPrice: values.regularPrice.trim(),
      discountedPrice: values.discountedPrice.trim(),
      mrp: values.mrp.trim(),
      stock: String(variant.stock),
    })),
  };
}

const price = (value: string) => (value.trim() === '' ? null : Number(value.replace(/[₹,\s]/g, '')));
const whole = (value: string) => (value.trim() === '' ? null : Number(value.replace(/[,\s]/g, '')));

/** The row's pictures from its URLs (a line or comma each), with the sizes known of them (its own, else the product's). */
function picturesOf(row: VariantRow, known: Picture[]): Picture[] {
  const urls = [
    ...new Set(
      row.pictures
        .split(/[\n,]/)
        .map((url) => url.trim())
        .filter(Boolean),
    ),
  ];
  return urls.map((url) => {
    const same = [...(row.images ?? []), ...known].find((picture) => picture.url === url);
    return same ? { url, width: same.width, height: same.height } : { url, width: UNKNOWN_SIZE, height: UNKNOWN_SIZE };
  });
}

/**
 * What the save sends of the table: every option with the values its variants use, and every
 * variant; none of either when the product has no options (it is its own one variant).
 */
export function variantsToSave(
  table: VariantsTable,
  productPictures: Picture[] = [],
): Pick<SaveProductRequest, 'options' | 'variants'> {
  const names = table.names.map((name) => name.trim()).filter(Boolean);
  if (names.length === 0) return { options: [], variants: [] };
  return {
    options: names.map((name, index) => ({
      name,
      values: [...new Set(table.rows.map((row) => row.values[index]?.trim() ?? '').filter(Boolean))],
    })),
    variants: table.rows.map((row) => ({
      sku: row.sku.trim(),
      options: Object.fromEntries(names.map((name, index) => [name, row.values[index]?.trim() ?? ''])),
      regularPrice: price(row.regularPrice) ?? 0,
      discountedPrice: price(row.discountedPrice),
      mrp: price(row.mrp),
      stock: Number(row.stock || 0),
      images: picturesOf(row, productPictures),
      weightGrams: whole(row.weightGrams),
      lengthCm: whole(row.lengthCm),
      breadthCm: whole(row.breadthCm),
      heightCm: whole(row.heightCm),
      ...(row.stockSeen !== undefined ? { stockSeen: row.stockSeen } : {}),
    })),
  };
}

const emptyRow = (options: number): VariantRow => ({
  sku: '',
  values: Array.from({ length: options }, () => ''),
  regularPrice: '',
  discountedPrice: '',
  mrp: '',
  stock: '0',
  pictures: '',
  weightGrams: '',
  lengthCm: '',
  breadthCm: '',
  heightCm: '',
});

/**
 * The product's options (Colour, Length …) and its variants in one table: each its own SKU, option
 * values, prices and stock. With variants, the product's stock and price are theirs (the sum, the cheapest).
 */
export function VariantsSection({
  table,
  onChange,
  fromLists,
}: {
  table: VariantsTable;
  onChange(next: VariantsTable): void;
  /** The variants the form's sizes and colours make when the table has none (variantsTableFromLists). */
  fromLists?: VariantsTable;
}) {
  const setName = (index: number, name: string) =>
    onChange({ ...table, names: table.names.map((each, at) => (at === index ? name : each)) });
  const setRow = (index: number, change: Partial<VariantRow>) =>
    onChange({ ...table, rows: table.rows.map((row, at) => (at === index ? { ...row, ...change } : row)) });
  const addOption = () =>
    onChange({ names: [...table.names, ''], rows: table.rows.map((row) => ({ ...row, values: [...row.values, ''] })) });
  const removeOption = (index: number) =>
    onChange({
      names: table.names.filter((_, at) => at !== index),
      rows: table.rows.map((row) => ({ ...row, values: row.values.filter((_, at) => at !== index) })),
    });
  return (
    <section aria-labelledby="product-variants" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="product-variants" className="text-lg font-semibold text-slate-900">
        Variants
      </h2>
      <p className="text-sm text-slate-600">
        Options the product comes in (up to three, e.g. Colour, Length), and a row per variant with its own SKU, prices,
        stock, pictures (their URLs, one a line) and parcel (weight in grams, length × breadth × height in cm; blank
        takes the product's). The product's stock is then its variants' sum, and its price the cheapest's.
      </p>
      <div className="flex flex-wrap items-end gap-2">
        {table.names.map((name, index) => (
          <div key={`option-${index.toString()}`} className="flex items-end gap-1">
            <Input
              aria-label={`Option ${index + 1} name`}
              value={name}
              placeholder="Colour"
              onChange={(event) => setName(index, event.target.value)}
              className="w-32"
            />
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Remove option ${index + 1}`}
              onClick={() => removeOption(index)}
            >
              <Trash aria-hidden="true" className="h-4 w-4" />
            </Button>
          </div>
        ))}
        {table.names.length < MAX_OPTIONS ? (
          <Button variant="outline" size="sm" onClick={addOption}>
            <CirclePlus aria-hidden="true" className="h-4 w-4" />
            Add option
          </Button>
        ) : null}
      </div>
      {table.names.length === 0 && fromLists && fromLists.rows.length > 0 ? (
        <FromLists table={fromLists} onMake={() => onChange(fromLists)} />
      ) : null}
      {table.names.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="min-w-full text-sm">
            <thead>
              <tr className="text-left text-slate-600">
                <th className="p-1 font-medium">SKU</th>
                {table.names.map((name, index) => (
                  <th key={`head-${index.toString()}`} className="p-1 font-medium">
                    {name || `Option ${index + 1}`}
                  </th>
                ))}
                <th className="p-1 font-medium">Price (₹)</th>
                <th className="p-1 font-medium">Discounted (₹)</th>
                <th className="p-1 font-medium">M.R.P. (₹)</th>
                <th className="p-1 font-medium">Stock</th>
                <th className="p-1 font-medium">Pictures (URLs)</th>
                <th className="p-1 font-medium">Weight (g)</th>
                <th colSpan={3} className="p-1 font-medium">
                  L × B × H (cm)
                </th>
                <th className="p-1">
                  <span className="sr-only">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, index) => {
                const number = index + 1;
                return (
                  <tr key={`row-${index.toString()}`}>
                    <td className="p-1">
                      <Input
                        aria-label={`Variant ${number} SKU`}
                        value={row.sku}
                        onChange={(event) => setRow(index, { sku: event.target.value })}
                      />
                    </td>
                    {table.names.map((name, at) => (
                      <td key={`value-${at.toString()}`} className="p-1">
                        <Input
                          aria-label={`Variant ${number} ${name || `option ${at + 1}`}`}
                          value={row.values[at] ?? ''}
                          onChange={(event) =>
                            setRow(index, {
                              values: row.values.map((value, i) => (i === at ? event.target.value : value)),
                            })
                          }
                        />
                      </td>
                    ))}
                    {(['regularPrice', 'discountedPrice', 'mrp', 'stock'] as const).map((field) => (
                      <td key={field} className="p-1">
                        <Input
                          aria-label={`Variant ${number} ${field}`}
                          inputMode="decimal"
                          value={row[field]}
                          onChange={(event) => setRow(index, { [field]: event.target.value })}
                          className="w-24"
                        />
                      </td>
                    ))}
                    <td className="p-1">
                      <textarea
                        aria-label={`Variant ${number} pictures`}
                        value={row.pictures}
                        rows={Math.max(1, row.pictures.split('\n').length)}
                        placeholder="https://…"
                        onChange={(event) => setRow(index, { pictures: event.target.value })}
                        className="w-56 rounded-md border border-slate-300 px-2 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
                      />
                    </td>
                    {PARCEL_FIELDS.map((field) => (
                      <td key={field} className="p-1">
                        <Input
                          aria-label={`Variant ${number} ${field}`}
                          inputMode="numeric"
                          value={row[field]}
                          onChange={(event) => setRow(index, { [field]: event.target.value })}
                          className="w-20"
                        />
                      </td>
                    ))}
                    <td className="p-1">
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Remove variant ${number}`}
                        onClick={() => onChange({ ...table, rows: table.rows.filter((_, at) => at !== index) })}
                      >
                        <Trash aria-hidden="true" className="h-4 w-4" />
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <Button
            variant="outline"
            size="sm"
            className="mt-2"
            onClick={() => onChange({ ...table, rows: [...table.rows, emptyRow(table.names.length)] })}
          >
            <CirclePlus aria-hidden="true" className="h-4 w-4" />
            Add variant
          </Button>
        </div>
      ) : null}
    </section>
  );
}

/** The variants a save will make of the sizes and colours, shown as they will be, and a button to edit them first. */
function FromLists({ table, onMake }: { table: VariantsTable; onMake(): void }) {
  return (
    <div className="space-y-2 rounded-lg bg-slate-50 p-3">
      <p className="text-sm text-slate-700">
        This product has sizes or colours: saving it makes a variant of each, with its own SKU and stock (the stock
        split evenly), so no size or colour sells stock it does not have.
      </p>
      <div className="overflow-x-auto">
        <table aria-label="Variants made on saving" className="min-w-full text-sm">
          <thead>
            <tr className="text-left text-slate-600">
              <th className="p-1 font-medium">SKU</th>
              {table.names.map((name) => (
                <th key={name} className="p-1 font-medium">
                  {name}
                </th>
              ))}
              <th className="p-1 font-medium">Stock</th>
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={row.sku || row.values.join('|')}>
                <td className="p-1 text-slate-900">{row.sku}</td>
                {row.values.map((value, at) => (
                  <td key={`${table.names[at] ?? at}`} className="p-1 text-slate-900">
                    {value}
                  </td>
                ))}
                <td className="p-1 text-slate-900">{row.stock}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Button variant="outline" size="sm" onClick={onMake}>
        Make variants from these sizes and colours
      </Button>
    </div>
  );
}
