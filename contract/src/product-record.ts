import { z } from 'zod';
import { countryNamed, INDIA } from './countries.js';
import { GST_RATES, isGstRate } from './gst.js';

/**
 * One product as the merchant writes it: a row of a catalogue file (JSON, and CSV once its cells
 * are decoded) or the back office's product form. One set of rules for both doors; each message
 * names its field. Ids, positions and timestamps belong to the database.
 */

/** Text of a merchant's file or form: trimmed, bounded, its messages naming the field. */
export const fieldText = (field: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required.` : `${field} must be text.`) })
    .trim()
    .max(max, { error: `${field} must be at most ${max} characters.` });

export const requiredFieldText = (field: string, max: number) =>
  fieldText(field, max).min(1, { error: `${field} is required.` });

const text = fieldText;
const requiredText = requiredFieldText;

export const MAX_PRICE = 10_000_000;
export const MAX_STOCK = 1_000_000;

const optionalText = (field: string, max: number) =>
  text(field, max)
    .nullish()
    .transform((value) => value || null);

/**
 * Optional text that tells "left out" (undefined: a form that has no such field keeps what is
 * saved) from "emptied" (null).
 */
const leftOutOrText = (field: string, max: number) =>
  text(field, max)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null))
    .optional();

const rupees = (field: string) =>
  z
    .number({ error: `${field} must be a number of rupees, like 1499 or 1499.50.` })
    .positive({ error: `${field} must be more than 0.` })
    .max(MAX_PRICE, { error: `${field} must be at most ${MAX_PRICE}.` })
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
      error: `${field} can have at most 2 decimals (paise).`,
    });

/** Pictures are served by this server ('/media/…') or from an https address. */
export const ImageUrl = z
  .string({ error: 'An image URL must be text.' })
  .trim()
  .max(500, { error: 'An image URL must be at most 500 characters.' })
  .regex(/^(\/(?!\/)|https:\/\/)[^\s"'<>\\|]+$/, {
    error: "An image URL must start with '/' (this server) or 'https://', without spaces.",
  });

const dimension = (field: string) =>
  z
    .number({ error: `An image's ${field} must be a whole number of pixels.` })
    .int({ error: `An image's ${field} must be a whole number of pixels.` })
    .min(1, { error: `An image's ${field} must be at least 1.` })
    .max(20_000, { error: `An image's ${field} must be at most 20000.` });

export const ImageRecord = z.strictObject({ url: ImageUrl, width: dimension('width'), height: dimension('height') });

export const AttributeRecord = z.strictObject({
  key: requiredText('An attribute key', 100),
  value: z
    .array(text('An attribute value', 500).min(1, { error: 'An attribute value cannot be empty.' }), {
      error: 'An attribute value must be a list of texts.',
    })
    .max(50, { error: 'An attribute can have at most 50 values.' }),
  metricUnit: optionalText('An attribute unit', 30),
});

/** A BIS registration number (R-number): 'R-' and 8 digits, as the BIS licence prints it. */
export const BIS_R_NUMBER = /^R-\d{8}$/;
export const bisRegistrationMessage = "bisRegistration is a BIS R-number: 'R-' followed by 8 digits, like R-41001234.";

/** The legal particulars a product may carry; each optional, so an older catalogue still imports. */
const legalParticulars = {
  hsn: optionalText('hsn', 8).refine((value) => value === null || /^\d{4}(\d{2}){0,2}$/.test(value), {
    error: 'hsn is an HSN code of 4, 6 or 8 digits, like 8517 or 85176290.',
  }),
  gstRate: z
    .number({ error: `gstRate must be one of ${GST_RATES.join(', ')} (percent).` })
    .refine(isGstRate, { error: `gstRate must be one of ${GST_RATES.join(', ')} (percent).` })
    .nullish()
    .transform((value) => value ?? null),
  mrp: rupees('mrp')
    .nullish()
    .transform((value) => value ?? null),
  countryOfOrigin: optionalText('countryOfOrigin', 60).transform((value, context) => {
    if (value === null) return null;
    const known = countryNamed(value);
    if (known) return known;
    context.addIssue({
      code: 'custom',
      message: `countryOfOrigin '${value}' is not a country we know: write its English name, like India, China or Taiwan.`,
    });
    return z.NEVER;
  }),
  manufacturer: optionalText('manufacturer', 500),
  importer: optionalText('importer', 500),
  netQuantity: optionalText('netQuantity', 50),
  /** The BIS registration number of goods under the Compulsory Registration Scheme (chargers, power banks …). */
  bisRegistration: optionalText('bisRegistration', 20).refine((value) => value === null || BIS_R_NUMBER.test(value), {
    error: bisRegistrationMessage,
  }),
};

/** Up to 100 kg and 500 cm a side: what the couriers' parcel services carry. */
export const MAX_WEIGHT_GRAMS = 100_000;
export const MAX_SIDE_CM = 500;

const wholeUpTo = (field: string, unit: string, max: number) =>
  z
    .number({ error: `${field} must be a whole number of ${unit}.` })
    .int({ error: `${field} must be a whole number of ${unit}.` })
    .positive({ error: `${field} must be more than 0.` })
    .max(max, { error: `${field} must be at most ${max} ${unit}.` })
    .nullish()
    .transform((value) => value ?? null);

/** The parcel's weight and size, which the shipping charge is worked out from; left out, the store's default. */
const parcel = {
  weightGrams: wholeUpTo('weightGrams', 'grams', MAX_WEIGHT_GRAMS),
  lengthCm: wholeUpTo('lengthCm', 'cm', MAX_SIDE_CM),
  breadthCm: wholeUpTo('breadthCm', 'cm', MAX_SIDE_CM),
  heightCm: wholeUpTo('heightCm', 'cm', MAX_SIDE_CM),
};

/** Up to three options a product comes in (Colour, Length …). */
export const MAX_OPTIONS = 3;

/** Blank (a plain product's row in a CSV file) reads as absent. */
const optionCell = (field: string) => text(field, 60).optional();

/**
 * A variant's row: `parentSku` names its product's row (in the same file), and option1Name …
 * option3Value its option values; its own sku, prices, stock, pictures and parcel. Absent on a
 * product's own row.
 */
const variantFields = {
  parentSku: optionCell('parentSku'),
  option1Name: optionCell('option1Name'),
  option1Value: optionCell('option1Value'),
  option2Name: optionCell('option2Name'),
  option2Value: optionCell('option2Value'),
  option3Name: optionCell('option3Name'),
  option3Value: optionCell('option3Value'),
};

/** The columns of a variant's options in a catalogue file, in order. */
export const OPTION_FIELDS = [
  ['option1Name', 'option1Value'],
  ['option2Name', 'option2Value'],
  ['option3Name', 'option3Value'],
] as const;

export const ProductRecord = z
  .strictObject({
    sku: requiredText('sku', 64).regex(/^([A-Za-z0-9][A-Za-z0-9._/-]*)?$/, {
      error: "sku may hold only letters, digits, '.', '_', '/' and '-', starting with a letter or digit.",
    }),
    title: requiredText('title', 200),
    description: text('description', 5000).default(''),
    /** The Hindi title and description, shown on the Hindi pages; left out, the English ones are. */
    titleHi: leftOutOrText('titleHi', 200),
    descriptionHi: leftOutOrText('descriptionHi', 5000),
    category: requiredText('category', 100),
    parentCategory: optionalText('parentCategory', 100),
    gender: optionalText('gender', 100),
    regularPrice: rupees('regularPrice'),
    discountedPrice: rupees('discountedPrice')
      .nullish()
      .transform((value) => value ?? null),
    stock: z
      .number({ error: 'stock must be a whole number.' })
      .int({ error: 'stock must be a whole number.' })
      .min(0, { error: 'stock cannot be negative.' })
      .max(MAX_STOCK, { error: `stock must be at most ${MAX_STOCK}.` }),
    hidden: z.boolean({ error: 'hidden must be true or false.' }).default(false),
    images: z
      .array(ImageRecord, { error: 'images must be a list.' })
      .max(20, { error: 'A product can have at most 20 images.' })
      .default([]),
    attributes: z
      .array(AttributeRecord, { error: 'attributes must be a list.' })
      .max(50, { error: 'A product can have at most 50 attributes.' })
      .default([]),
    ...legalParticulars,
    ...parcel,
    ...variantFields,
  })
  .refine((product) => product.discountedPrice === null || product.discountedPrice <= product.regularPrice, {
    error: 'discountedPrice cannot be more than regularPrice.',
    path: ['discountedPrice'],
  })
  .superRefine((product, context) => {
    const selling = product.discountedPrice ?? product.regularPrice;
    if (product.mrp !== null && selling > product.mrp) {
      context.addIssue({
        code: 'custom',
        path: ['mrp'],
        message: `mrp (${product.mrp}) cannot be less than the selling price (${selling}): no one may sell above the MRP.`,
      });
    }
    // Packaged imports name their importer (Legal Metrology (Packaged Commodities) Rules 2011, rule 6).
    if (product.countryOfOrigin !== null && product.countryOfOrigin !== INDIA && product.importer === null) {
      context.addIssue({
        code: 'custom',
        path: ['importer'],
        message: `importer is required for goods made outside India (countryOfOrigin ${product.countryOfOrigin}): the importer's name and address.`,
      });
    }
  });

export type ProductRecord = z.output<typeof ProductRecord>;

/** The columns of a catalogue file, in the order exports write them. */
export const RECORD_FIELDS = [
  'sku',
  'title',
  'description',
  'category',
  'parentCategory',
  'gender',
  'regularPrice',
  'discountedPrice',
  'stock',
  'hidden',
  'images',
  'attributes',
  'hsn',
  'gstRate',
  'mrp',
  'countryOfOrigin',
  'manufacturer',
  'importer',
  'netQuantity',
  'bisRegistration',
  'weightGrams',
  'lengthCm',
  'breadthCm',
  'heightCm',
  'titleHi',
  'descriptionHi',
  'parentSku',
  'option1Name',
  'option1Value',
  'option2Name',
  'option2Value',
  'option3Name',
  'option3Value',
] as const satisfies readonly (keyof ProductRecord)[];

/**
 * A field's column name in a CSV catalogue: the Hindi texts are `title_hi` and `description_hi`,
 * as merchants' spreadsheets name a language's column; the rest by the field's own name.
 */
export const CSV_COLUMN_NAMES: Partial<Record<(typeof RECORD_FIELDS)[number], string>> = {
  titleHi: 'title_hi',
  descriptionHi: 'description_hi',
};

export const csvColumnName = (field: (typeof RECORD_FIELDS)[number]): string => CSV_COLUMN_NAMES[field] ?? field;
