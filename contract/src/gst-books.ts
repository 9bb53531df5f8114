import { z } from 'zod';

/** The books an accountant files: GSTR-1's CSVs, the invoice's copies, signature and e-way bill. */

/** The GSTR-1 tables the GST report writes, one CSV each. */
export const GST_REPORT_FILES = ['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'hsn-b2b', 'hsn-b2c'] as const;
export type GstReportFile = (typeof GST_REPORT_FILES)[number];

/** A month, YYYY-MM; its days are India's. */
export const GstMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'month is a month, YYYY-MM (2026-11).' });

export const GstReportQuery = z.object({
  month: GstMonth,
  file: z.enum(GST_REPORT_FILES, { error: `file is one of ${GST_REPORT_FILES.join(', ')}.` }),
});
export type GstReportQuery = z.infer<typeof GstReportQuery>;

/** CGST rule 48: the invoice of goods is made out in three copies, each marked. */
export const INVOICE_COPIES = {
  original: 'Original for Recipient',
  duplicate: 'Duplicate for Transporter',
  triplicate: 'Triplicate for Supplier',
} as const;
export type InvoiceCopy = keyof typeof INVOICE_COPIES;
export const InvoiceCopyQuery = z.object({
  copy: z
    .enum(['original', 'duplicate', 'triplicate'], { error: 'copy is original, duplicate or triplicate.' })
    .default('original'),
});

/** An e-way bill number: 12 digits (rule 138). */
export const EWAY_BILL_NUMBER = /^\d{12}$/;
/** A consignment worth more than this (₹50,000) travels with an e-way bill (rule 138). */
export const EWAY_BILL_THRESHOLD_RUPEES = 50_000;

export const EwayBill = z.object({
  number: z
    .string()
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().regex(EWAY_BILL_NUMBER, { error: 'number: an e-way bill number has 12 digits.' })),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'date is the day the e-way bill was generated, YYYY-MM-DD.' }),
});
export type EwayBill = z.infer<typeof EwayBill>;
/** The e-way bill recorded for an order's consignment, as the back office reads it. */
export const EwayBillAnswer = z.object({ ewayBill: z.object({ number: z.string(), date: z.string() }).nullable() });
export type EwayBillAnswer = z.infer<typeof EwayBillAnswer>;

/** The signature printed above "Authorised Signatory": a PNG, base64 (at most 200 KB). */
export const INVOICE_SIGNATURE_MAX_BYTES = 200 * 1024;
export const InvoiceSignatureRequest = z.object({
  png: z.string().min(1, { error: 'png is the signature picture, a PNG file in base64.' }).max(300_000, {
    error: 'png: the signature picture is at most 200 KB.',
  }),
});
