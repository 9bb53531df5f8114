import {
  type AdminProduct,
  PICTURE_MAX_BYTES,
  PICTURE_TYPES,
  ProductRecord,
  type UploadedPicture,
} from '@netkart/contract';
import { z } from 'zod';

/** The product form as typed: numbers as the fields hold them, an attribute's values comma-separated. */
export interface ProductFormValues {
  title: string;
  sku: string;
  description: string;
  /** The Hindi title and description, blank when none (the Hindi pages then show the English ones). */
  titleHi: string;
  descriptionHi: string;
  category: string;
  parentCategory: string;
  regularPrice: string;
  discountedPrice: string;
  stock: string;
  hidden: boolean;
  attributes: { key: string; value: string; metricUnit: string }[];
  images: UploadedPicture[];
  /** Legal particulars: each may be left blank. gstRate is '' or one of GST_RATES as text. */
  hsn: string;
  gstRate: string;
  mrp: string;
  countryOfOrigin: string;
  manufacturer: string;
  importer: string;
  netQuantity: string;
  /** The BIS R-number (R- and 8 digits), blank when none. */
  bisRegistration: string;
  /** The parcel: whole grams and cm, each may be left blank. */
  weightGrams: string;
  lengthCm: string;
  breadthCm: string;
  heightCm: string;
}

export const emptyProduct: ProductFormValues = {
  title: '',
  sku: '',
  description: '',
  titleHi: '',
  descriptionHi: '',
  category: '',
  parentCategory: '',
  regularPrice: '',
  discountedPrice: '',
  stock: '0',
  hidden: false,
  attributes: [],
  images: [],
  hsn: '',
  gstRate: '',
  mrp: '',
  countryOfOrigin: '',
  manufacturer: '',
  importer: '',
  netQuantity: '',
  bisRegistration: '',
  weightGrams: '',
  lengthCm: '',
  breadthCm: '',
  heightCm: '',
};

export function toFormValues(product: AdminProduct): ProductFormValues {
  return {
    title: product.title,
    sku: product.sku,
    description: product.description,
    titleHi: product.titleHi ?? '',
    descriptionHi: product.descriptionHi ?? '',
    category: product.category,
    parentCategory: product.parentCategory ?? '',
    regularPrice: String(product.regularPrice),
    discountedPrice: product.discountedPrice === null ? '' : String(product.discountedPrice),
    stock: String(product.stock),
    hidden: product.hidden,
    attributes: product.attributes.map((attribute) => ({
      key: attribute.key,
      value: attribute.value.join(', '),
      metricUnit: attribute.metricUnit ?? '',
    })),
    images: product.images.map(({ url, width, height }) => ({ url, width, height })),
    hsn: product.hsn ?? '',
    gstRate: product.gstRate === null ? '' : String(product.gstRate),
    mrp: product.mrp === null ? '' : String(product.mrp),
    countryOfOrigin: product.countryOfOrigin ?? '',
    manufacturer: product.manufacturer ?? '',
    importer: product.importer ?? '',
    netQuantity: product.netQuantity ?? '',
    bisRegistration: product.bisRegistration ?? '',
    weightGrams: product.weightGrams === null ? '' : String(product.weightGrams),
    lengthCm: product.lengthCm === null ? '' : String(product.lengthCm),
    breadthCm: product.breadthCm === null ? '' : String(product.breadthCm),
    heightCm: product.heightCm === null ? '' : String(product.heightCm),
  };
}

/** '' is no number (the contract then names what is missing); anything else is read as typed. */
const numberOf = (typed: string) => (typed.trim() === '' ? undefined : Number(typed.trim().replace(/,/g, '')));

/** The form's values as the catalogue record the contract checks (the gender the form does not show is kept). */
export function toRecord(values: ProductFormValues, gender: string | null = null): z.input<typeof ProductRecord> {
  return {
    sku: values.sku,
    title: values.title,
    description: values.description,
    titleHi: values.titleHi,
    descriptionHi: values.descriptionHi,
    category: values.category,
    parentCategory: values.parentCategory,
    gender,
    regularPrice: numberOf(values.regularPrice) as number,
    discountedPrice: values.discountedPrice.trim() === '' ? null : numberOf(values.discountedPrice),
    stock: numberOf(values.stock) as number,
    hidden: values.hidden,
    images: values.images.map(({ url, width, height }) => ({ url, width, height })),
    attributes: values.attributes.map((attribute) => ({
      key: attribute.key,
      value: attribute.value
        .split(',')
        .map((value) => value.trim())
        .filter((value) => value !== ''),
      metricUnit: attribute.metricUnit,
    })),
    hsn: values.hsn,
    gstRate: values.gstRate.trim() === '' ? null : (numberOf(values.gstRate) as number),
    mrp: values.mrp.trim() === '' ? null : numberOf(values.mrp),
    countryOfOrigin: values.countryOfOrigin,
    manufacturer: values.manufacturer,
    importer: values.importer,
    netQuantity: values.netQuantity,
    bisRegistration: values.bisRegistration,
    weightGrams: values.weightGrams.trim() === '' ? null : numberOf(values.weightGrams),
    lengthCm: values.lengthCm.trim() === '' ? null : numberOf(values.lengthCm),
    breadthCm: values.breadthCm.trim() === '' ? null : numberOf(values.breadthCm),
    heightCm: values.heightCm.trim() === '' ? null : numberOf(values.heightCm),
  };
}

/** The contract's ProductRecord, read from the form as typed: the browser shows the server's own messages. */
export const productFormSchema = (gender: string | null) =>
  z.preprocess((values) => toRecord(values as ProductFormValues, gender), ProductRecord);

const TYPE_NAMES = 'PNG, JPEG, WebP or AVIF';

/** The picture rules the server holds, checked before the upload. */
export function pictureProblem(file: File): string | null {
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) return `A picture is a ${TYPE_NAMES} file.`;
  if (file.size > PICTURE_MAX_BYTES) return 'The picture is larger than 5 MB.';
  return null;
}

/** The form field a server message names: 'product.discountedPrice' → 'discountedPrice'. */
export const formFieldOf = (field: string | undefined) => field?.replace(/^product\./, '');
