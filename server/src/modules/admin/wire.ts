import { type AdminProduct, GST_RATES } from '@netkart/contract';
import { z } from 'zod';

const optional = z.string().nullable();

/**
 * A product as the back office reads it (contract's AdminProduct type): the catalogue record as
 * saved, with its id and times. The contract's schema is the record's input rules (trimming,
 * defaults, a country's name put right), which cannot write an answer back; this one describes
 * the record's output, field for field, and the compiler checks it is the same type.
 */
export const AdminProductAnswer: z.ZodType<AdminProduct> = z.object({
  sku: z.string(),
  title: z.string(),
  description: z.string(),
  titleHi: optional.optional(),
  descriptionHi: optional.optional(),
  category: z.string(),
  parentCategory: optional,
  gender: optional,
  regularPrice: z.number(),
  discountedPrice: z.number().nullable(),
  stock: z.number().int(),
  hidden: z.boolean(),
  images: z.array(z.object({ url: z.string(), width: z.number().int(), height: z.number().int() })),
  attributes: z.array(z.object({ key: z.string(), value: z.array(z.string()), metricUnit: optional })),
  hsn: optional,
  gstRate: z.literal([...GST_RATES]).nullable(),
  mrp: z.number().nullable(),
  countryOfOrigin: optional,
  manufacturer: optional,
  importer: optional,
  netQuantity: optional,
  bisRegistration: optional,
  weightGrams: z.number().int().nullable(),
  lengthCm: z.number().int().nullable(),
  breadthCm: z.number().int().nullable(),
  heightCm: z.number().int().nullable(),
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })).optional(),
  variants: z
    .array(
      z.object({
        sku: z.string(),
        options: z.record(z.string(), z.string()),
        regularPrice: z.number(),
        discountedPrice: z.number().nullable(),
        mrp: z.number().nullable(),
        stock: z.number().int(),
        images: z.array(z.object({ url: z.string(), width: z.number().int(), height: z.number().int() })),
        weightGrams: z.number().int().nullable(),
        lengthCm: z.number().int().nullable(),
        breadthCm: z.number().int().nullable(),
        heightCm: z.number().int().nullable(),
      }),
    )
    .optional(),
});
