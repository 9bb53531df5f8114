import fs from 'node:fs';
import path from 'node:path';
import {
  checkGstin,
  HIGHLIGHT_ICONS,
  INVOICE_PREFIX,
  ORDER_LINE_MAX_QUANTITY,
  POLICY_SLUGS,
  SEARCH_SYNONYM_LIMITS,
  type StoreInfo,
} from '@netkart/contract';
import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';
import { requiredText, text } from '../file-fields.js';

/**
 * The store details a merchant keeps in a JSON file: every field of GET /storeInfo. A policy
 * is either HTML in the file or `{ "file": "policies/refund.html" }`, a path from the JSON
 * file's folder; either way it is sanitised before it is stored. The storefront's texts
 * (metaDescription, heroTitle, highlights, newsletterTitle, supportHours) are plain text and
 * optional: `null` removes one. So are the seller's particulars: legalName, gstin (none: not
 * registered for GST), invoicePrefix (none: from the store name) and grievanceOfficer. So are
 * searchSynonyms: groups of words shoppers use for one another, e.g. [["pendrive", "thumb drive"]].
 * So are bisCategories: the categories whose products need a BIS R-number, e.g. ["Cables & Chargers"].
 */

const MAX_POLICY_BYTES = 512 * 1024;

const Address = z
  .string({ error: 'an address must be text.' })
  .trim()
  .max(500)
  .regex(/^(\/(?!\/)|https:\/\/)[^\s"'<>\\]+$/, {
    error: "must be an address on this server ('/media/…') or an https:// address.",
  });

const Policy = z.union([
  z.string({ error: 'a policy must be HTML text or { "file": "path/to/policy.html" }.' }),
  z.strictObject({ file: z.string().min(1) }),
]);

/** The highlights a home page shows in one row: more would not fit a phone's screen or a shopper's glance. */
export const MAX_HIGHLIGHTS = 8;

/** A storefront text: `null` or "" removes it, and the storefront then leaves its place out. */
const storefrontText = (field: string, max: number) =>
  text(field, max)
    .nullable()
    .transform((value) => value || undefined);

const HighlightItem = z.strictObject(
  {
    title: requiredText('title', 80),
    text: text('text', 300).default(''),
    icon: z.enum(HIGHLIGHT_ICONS, { error: `icons are named ${HIGHLIGHT_ICONS.join(', ')}.` }).optional(),
  },
  { error: 'each highlight is { "title": "…", "text": "…", "icon": "…" }.' },
);

const Highlights = z
  .strictObject(
    {
      title: requiredText('highlights.title', 100),
      items: z
        .array(HighlightItem, { error: 'highlights.items must be a list of { "title", "text", "icon" }.' })
        .min(1, { error: 'highlights.items must have at least one item (or remove highlights with null).' })
        .max(MAX_HIGHLIGHTS, { error: `highlights can have at most ${MAX_HIGHLIGHTS} items.` }),
    },
    { error: 'highlights must be { "title": "…", "items": [ … ] }, or null for none.' },
  )
  .nullable()
  .transform((value) => value ?? undefined);

const Gstin = z
  .string({ error: 'gstin must be text, or null for a seller not registered for GST.' })
  .trim()
  .transform((value, context) => {
    if (value === '') return undefined;
    const checked = checkGstin(value, 'gstin');
    if (checked.valid) return checked.gstin;
    context.addIssue({ code: 'custom', message: checked.error });
    return z.NEVER;
  })
  .nullable()
  .transform((value) => value ?? undefined);

const InvoicePrefix = z
  .string({ error: 'invoicePrefix must be text, or null for the one from the store name.' })
  .trim()
  .transform((value) => value.toUpperCase())
  .refine((value) => value === '' || INVOICE_PREFIX.test(value), {
    error: 'invoicePrefix has 1 to 3 letters A–Z or digits, so that PREFIX/YY-YY/NNNNNN fits 16 characters.',
  })
  .nullable()
  .transform((value) => value || undefined);

const GrievanceOfficer = z
  .strictObject(
    {
      name: requiredText('grievanceOfficer.name', 100),
      designation: requiredText('grievanceOfficer.designation', 100),
      email: z.email({ error: 'grievanceOfficer.email must be an email address.' }).max(254),
      phone: requiredText('grievanceOfficer.phone', 30).refine((phone) => phone.replace(/\D/g, '').length >= 10, {
        error: 'grievanceOfficer.phone must have at least 10 digits.',
      }),
    },
    {
      error: 'grievanceOfficer must be { "name", "designation", "email", "phone" }, or null for none.',
    },
  )
  .nullable()
  .transform((value) => value ?? undefined);

const {
  groups: MAX_SYNONYM_GROUPS,
  wordsPerGroup: MAX_SYNONYMS,
  wordLength: MAX_SYNONYM_LENGTH,
} = SEARCH_SYNONYM_LIMITS;

const SynonymGroup = z
  .array(
    z
      .string({ error: 'each synonym is a word or a few words.' })
      .trim()
      .min(1, { error: 'a synonym may not be empty.' })
      .max(MAX_SYNONYM_LENGTH, { error: `a synonym has at most ${MAX_SYNONYM_LENGTH} characters.` })
      .regex(/[\p{L}\p{N}]/u, { error: 'a synonym needs at least one letter or digit.' }),
    { error: 'each synonym group is a list of words, e.g. ["pendrive", "thumb drive"].' },
  )
  .min(2, { error: 'a synonym group needs at least two words that mean the same.' })
  .max(MAX_SYNONYMS, { error: `a synonym group has at most ${MAX_SYNONYMS} words.` })
  .refine((words) => new Set(words.map((word) => word.toLowerCase())).size === words.length, {
    error: 'a synonym group must not repeat a word.',
  });

const SearchSynonyms = z
  .array(SynonymGroup, {
    error: 'searchSynonyms must be a list of groups, e.g. [["pendrive", "thumb drive"]], or null for none.',
  })
  .max(MAX_SYNONYM_GROUPS, { error: `a store can have at most ${MAX_SYNONYM_GROUPS} synonym groups.` })
  .nullable()
  .transform((groups) => (groups?.length ? groups : undefined));

const LINE_CAP_RULE = `maxLineQuantity must be a whole number from 1 to ${ORDER_LINE_MAX_QUANTITY}.`;
const MaxLineQuantity = z
  .number({ error: LINE_CAP_RULE })
  .int({ error: LINE_CAP_RULE })
  .min(1, { error: LINE_CAP_RULE })
  .max(ORDER_LINE_MAX_QUANTITY, { error: LINE_CAP_RULE });

/** The categories whose goods are BIS-notified (Compulsory Registration Scheme): their products need an R-number. */
const BisCategories = z
  .array(requiredText('a BIS-notified category', 100), {
    error: 'bisCategories must be a list of category names, or null for none.',
  })
  .max(50, { error: 'a store can have at most 50 BIS-notified categories.' })
  .nullable()
  .transform((names) => (names?.length ? names : undefined));

const StoreFileFields = {
  storeName: requiredText('storeName', 100),
  companyName: requiredText('companyName', 200),
  companyAddress: requiredText('companyAddress', 500),
  companyEmail: z.email({ error: 'companyEmail must be an email address.' }).max(254),
  companyPhone: requiredText('companyPhone', 30).refine((phone) => phone.replace(/\D/g, '').length >= 10, {
    error: 'companyPhone must have at least 10 digits.',
  }),
  companyLogoUrl: z.union([z.literal(''), Address]),
  description: text('description', 2000),
  categories: z
    .array(requiredText('a category', 100), { error: 'categories must be a list of names.' })
    .max(50, { error: 'a store can have at most 50 categories.' })
    .refine((names) => new Set(names.map((name) => name.toLowerCase())).size === names.length, {
      error: 'categories must not repeat a name.',
    }),
  categoryImages: z.record(requiredText('a category name', 100), Address, {
    error: 'categoryImages must map category names to image addresses.',
  }),
  policies: z.partialRecord(z.enum(POLICY_SLUGS, { error: `policies are named ${POLICY_SLUGS.join(', ')}.` }), Policy, {
    error: 'policies must map policy names to HTML.',
  }),
  metaDescription: storefrontText('metaDescription', 300),
  heroTitle: storefrontText('heroTitle', 120),
  highlights: Highlights,
  newsletterTitle: storefrontText('newsletterTitle', 120),
  supportHours: storefrontText('supportHours', 100),
  legalName: storefrontText('legalName', 200),
  gstin: Gstin,
  invoicePrefix: InvoicePrefix,
  grievanceOfficer: GrievanceOfficer,
  searchSynonyms: SearchSynonyms,
  maxLineQuantity: MaxLineQuantity,
  bisCategories: BisCategories,
};

/** Every field, as `stores add` needs (the optional ones may be left out). */
export const StoreFile = z.strictObject({
  ...StoreFileFields,
  companyLogoUrl: StoreFileFields.companyLogoUrl.default(''),
  description: StoreFileFields.description.default(''),
  categories: StoreFileFields.categories.default([]),
  categoryImages: StoreFileFields.categoryImages.default({}),
  policies: StoreFileFields.policies.default({}),
  metaDescription: StoreFileFields.metaDescription.optional(),
  heroTitle: StoreFileFields.heroTitle.optional(),
  highlights: StoreFileFields.highlights.optional(),
  newsletterTitle: StoreFileFields.newsletterTitle.optional(),
  supportHours: StoreFileFields.supportHours.optional(),
  legalName: StoreFileFields.legalName.optional(),
  gstin: StoreFileFields.gstin.optional(),
  invoicePrefix: StoreFileFields.invoicePrefix.optional(),
  grievanceOfficer: StoreFileFields.grievanceOfficer.optional(),
  searchSynonyms: StoreFileFields.searchSynonyms.optional(),
  maxLineQuantity: StoreFileFields.maxLineQuantity.optional(),
  bisCategories: StoreFileFields.bisCategories.optional(),
});

/** Only the fields to change, as `info set` takes them. */
export const StoreFileChanges = z.strictObject(StoreFileFields).partial();

export class StoreFileError extends Error {}

export interface ReadStoreFile<T> {
  info: T;
  /** Policies whose HTML lost something unsafe (scripts, event handlers …) on the way in. */
  sanitised: string[];
}

export function readStoreFile(file: string, schema: typeof StoreFile): ReadStoreFile<StoreInfo>;
export function readStoreFile(file: string, schema: typeof StoreFileChanges): ReadStoreFile<Partial<StoreInfo>>;
export function readStoreFile(
  file: string,
  schema: typeof StoreFile | typeof StoreFileChanges,
): ReadStoreFile<Partial<StoreInfo>> {
  let data: unknown;
  try {
    data = JSON.parse(fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, ''));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new StoreFileError(
      code === 'ENOENT'
        ? `Cannot read ${file}: no such file.`
        : `${file} is not valid JSON: ${(error as Error).message}`,
    );
  }
  const checked = schema.safeParse(data);
  if (!checked.success) {
    throw new StoreFileError(`${file}: ${checked.error.issues.map(describeIssue).join(' ')}`);
  }
  const { policies, ...rest } = checked.data;
  if (!policies) return { info: rest, sanitised: [] };
  const sanitised: string[] = [];
  const html: Record<string, string> = {};
  for (const [slug, policy] of Object.entries(policies)) {
    if (policy === undefined) continue;
    const raw = typeof policy === 'string' ? policy : readPolicyFile(path.resolve(path.dirname(file), policy.file));
    const clean = sanitizePolicy(raw);
    if (clean !== raw.trim()) sanitised.push(slug);
    html[slug] = clean;
  }
  return { info: { ...rest, policies: html }, sanitised };
}

function readPolicyFile(file: string): string {
  try {
    if (fs.statSync(file).size > MAX_POLICY_BYTES) {
      throw new StoreFileError(`${file} is over ${MAX_POLICY_BYTES / 1024} KB; a policy page is text, not a book.`);
    }
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if (error instanceof StoreFileError) throw error;
    throw new StoreFileError(
      `Cannot read the policy ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}.`,
    );
  }
}

/** Keeps text formatting, lists, tables and links; drops scripts, styles, frames and event handlers. */
export const sanitizePolicy = (html: string): string =>
  sanitizeHtml(html, { allowedSchemes: ['https', 'http', 'mailto', 'tel'] }).trim();

function describeIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys' && where === 'policies') {
    return `policies are named ${POLICY_SLUGS.join(', ')}, not ${issue.keys.map((key) => `'${key}'`).join(', ')}.`;
  }
  if (issue.code === 'unrecognized_keys')
    return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => `'${key}'`).join(', ')}.`;
  return where && !issue.message.startsWith(where.split('.')[0] ?? '') ? `${where}: ${issue.message}` : issue.message;
}
