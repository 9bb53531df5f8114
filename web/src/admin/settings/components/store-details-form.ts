import {
  type AdminStoreDetails,
  DEFAULT_MAX_LINE_QUANTITY,
  POLICY_SLUGS,
  type PolicySlug,
  SaveStoreDetailsRequest,
} from '@netkart/contract';
import type { useForm } from 'react-hook-form';
import { z } from 'zod';

/** The store details form's values, and how they become the request the server takes and back. */
export interface DetailsValues {
  storeName: string;
  companyName: string;
  companyAddress: string;
  companyEmail: string;
  companyPhone: string;
  description: string;
  /** One per line. */
  categories: string;
  /** The BIS-notified categories (their products need an R-number), one per line. */
  bisCategories: string;
  lowStockThreshold: string;
  /** How many of one product one order may hold. */
  maxLineQuantity: string;
  policies: Record<PolicySlug, string>;
  legalName: string;
  gstin: string;
  invoicePrefix: string;
  officerName: string;
  officerDesignation: string;
  officerEmail: string;
  officerPhone: string;
  /** One group per line, its words separated by commas. */
  searchSynonyms: string;
  /** The host every link of the store names (shop.example.in). */
  host: string;
  /** Other hosts the store answers to, one per line. */
  extraHosts: string;
}

/** The seller's particulars: blank removes one (no GSTIN: not registered for GST). */
export const SELLER_FIELDS = ['legalName', 'gstin', 'invoicePrefix'] as const;
export const OFFICER_FIELDS = {
  name: 'officerName',
  designation: 'officerDesignation',
  email: 'officerEmail',
  phone: 'officerPhone',
} as const;

/** The form field a server message names: 'grievanceOfficer.email' → 'officerEmail'. */
export function formFieldOf(field: string | undefined): string | undefined {
  if (field === 'grievanceOfficer') return 'officerName';
  const part = field?.startsWith('grievanceOfficer.') ? field.slice('grievanceOfficer.'.length) : undefined;
  if (part) return OFFICER_FIELDS[part as keyof typeof OFFICER_FIELDS];
  return field?.replace(/^(categories|bisCategories|searchSynonyms)(\.\d+)+$/, '$1');
}

export const TEXT_FIELDS = [
  'storeName',
  'companyName',
  'companyAddress',
  'companyEmail',
  'companyPhone',
  'description',
] as const;

export function toValues(details: AdminStoreDetails): DetailsValues {
  return {
    storeName: details.storeName,
    companyName: details.companyName,
    companyAddress: details.companyAddress,
    companyEmail: details.companyEmail,
    companyPhone: details.companyPhone,
    description: details.description,
    categories: details.categories.join('\n'),
    bisCategories: (details.bisCategories ?? []).join('\n'),
    lowStockThreshold: String(details.lowStockThreshold),
    maxLineQuantity: String(details.maxLineQuantity ?? DEFAULT_MAX_LINE_QUANTITY),
    policies: Object.fromEntries(POLICY_SLUGS.map((slug) => [slug, details.policies[slug] ?? ''])) as Record<
      PolicySlug,
      string
    >,
    legalName: details.legalName ?? '',
    gstin: details.gstin ?? '',
    invoicePrefix: details.invoicePrefix ?? '',
    officerName: details.grievanceOfficer?.name ?? '',
    officerDesignation: details.grievanceOfficer?.designation ?? '',
    officerEmail: details.grievanceOfficer?.email ?? '',
    officerPhone: details.grievanceOfficer?.phone ?? '',
    searchSynonyms: (details.searchSynonyms ?? []).map((group) => group.join(', ')).join('\n'),
    host: details.host,
    extraHosts: details.extraHosts.join('\n'),
  };
}

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** "pendrive, thumb drive" per line → [["pendrive", "thumb drive"]]; none → null (removes them). */
function synonymGroupsOf(text: string): string[][] | null {
  const groups = linesOf(text).map((line) =>
    line
      .split(',')
      .map((word) => word.trim())
      .filter((word) => word !== ''),
  );
  return groups.length ? groups : null;
}

/** The request for what the form holds: the contract checks the low-stock line; the server checks the rest. */
export const detailsSchema = z.preprocess((input) => {
  const values = input as DetailsValues;
  return {
    ...Object.fromEntries(TEXT_FIELDS.map((field) => [field, values[field]])),
    categories: linesOf(values.categories),
    // None removes them.
    bisCategories: linesOf(values.bisCategories).length ? linesOf(values.bisCategories) : null,
    lowStockThreshold: values.lowStockThreshold.trim() === '' ? undefined : Number(values.lowStockThreshold),
    maxLineQuantity: values.maxLineQuantity.trim() === '' ? undefined : Number(values.maxLineQuantity),
    policies: values.policies,
    ...Object.fromEntries(SELLER_FIELDS.map((field) => [field, values[field].trim() || null])),
    grievanceOfficer: Object.values(OFFICER_FIELDS).every((field) => values[field].trim() === '')
      ? null
      : Object.fromEntries(Object.entries(OFFICER_FIELDS).map(([key, field]) => [key, values[field]])),
    searchSynonyms: synonymGroupsOf(values.searchSynonyms),
    host: values.host.trim(),
    extraHosts: linesOf(values.extraHosts.replace(/,/g, '\n')),
  };
}, SaveStoreDetailsRequest);

export type DetailsRequest = z.output<typeof SaveStoreDetailsRequest>;

/** The store details form as its parts receive it. */
export type DetailsForm = ReturnType<typeof useForm<DetailsValues, unknown, DetailsRequest>>;
