import { POLICY_SLUGS, type PolicySlug, type StoreInfo } from '@netkart/contract';
import DOMPurify from 'dompurify';
import { BUILT_IN_POLICIES, type PolicyText } from './policy-texts';

export { isPolicySlug, RESERVED_SLUGS } from './slugs';
export { POLICY_SLUGS, type PolicySlug };

export const POLICY_TITLES: Record<PolicySlug, string> = {
  terms: 'Terms and Conditions',
  privacy: 'Privacy Policy',
  refund: 'Refund Policy',
  return: 'Return and Cancellation Policy',
  shipping: 'Shipping Policy',
  about: 'About Us',
};

const GENERIC = {
  companyName: 'Our Company',
  companyAddress: 'our registered office',
  companyEmail: 'our support email',
  companyPhone: 'our support phone number',
};

function placeholderValues(storeInfo: StoreInfo | null, website: string) {
  // The officer the store names; without one, the company's own contacts reach the grievance desk.
  const officer = storeInfo?.grievanceOfficer;
  return {
    grievanceOfficer: officer ? `${officer.name}, ${officer.designation}` : 'Grievance Officer',
    grievanceOfficerEmail: officer?.email || storeInfo?.companyEmail || GENERIC.companyEmail,
    grievanceOfficerPhone: officer?.phone || storeInfo?.companyPhone || GENERIC.companyPhone,
    legalName: storeInfo?.legalName || storeInfo?.companyName || storeInfo?.storeName || GENERIC.companyName,
    companyName: storeInfo?.companyName || storeInfo?.storeName || GENERIC.companyName,
    companyAddress: storeInfo?.companyAddress || GENERIC.companyAddress,
    companyEmail: storeInfo?.companyEmail || GENERIC.companyEmail,
    companyPhone: storeInfo?.companyPhone || GENERIC.companyPhone,
    companyLogoUrl: storeInfo?.companyLogoUrl || '',
    website,
  };
}

/** Replaces {{companyName}}-style placeholders (and [companyName] or {companyName}) with the store's details. */
export function substitute(
  text: string,
  values: Record<string, string>,
  encode: (value: string) => string = (v) => v,
): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}|\{(\w+)\}|\[(\w+)\]/g, (match, a, b, c) => {
    const key = (a ?? b ?? c) as string;
    return key in values ? encode(values[key] as string) : match;
  });
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Store HTML keeps its text, headings, lists and links, but no script, styling or form of its own.
 * The server sanitised it when it was saved (every way of saving it does); the browser does again.
 * While the server renders a page there is no DOM for DOMPurify, so the saved HTML is used as it is.
 */
export const sanitizeStoreHtml = (html: string) =>
  typeof window === 'undefined'
    ? html
    : DOMPurify.sanitize(html, { FORBID_TAGS: ['style', 'form', 'input'], FORBID_ATTR: ['style'] });

export type PolicyContent = { kind: 'html'; html: string } | { kind: 'text'; text: PolicyText };

/** The store's own HTML (sanitised) when it has one for the slug, otherwise our built-in text. */
export function policyContent(slug: PolicySlug, storeInfo: StoreInfo | null, website: string): PolicyContent {
  const values = placeholderValues(storeInfo, website);
  const custom = storeInfo?.policies?.[slug];
  if (typeof custom === 'string' && custom.trim()) {
    return { kind: 'html', html: sanitizeStoreHtml(substitute(custom, values, escapeHtml)) };
  }
  const text = BUILT_IN_POLICIES[slug];
  return {
    kind: 'text',
    text: {
      intro: substitute(text.intro, values),
      sections: text.sections.map((section) => ({
        heading: section.heading,
        paragraphs: section.paragraphs.map((paragraph) => substitute(paragraph, values)),
      })),
    },
  };
}
