import type { StoreInfo } from '@netkart/contract';
import { describe, expect, it } from 'vitest';
import { isPolicySlug, policyContent, sanitizeStoreHtml, substitute } from './policy';

const storeInfo = {
  storeName: 'NetKart',
  companyName: 'NetKart Technologies Pvt. Ltd.',
  companyAddress: 'Bengaluru 560025',
  companyEmail: 'support@netkart.in',
  companyPhone: '+91 80 4718 2290',
  companyLogoUrl: '/media/logo.svg',
  description: '',
  categories: [],
  categoryImages: {},
  policies: {},
} satisfies StoreInfo;

describe('policy slugs', () => {
  it.each([
    ['terms', true],
    ['privacy', true],
    ['about', true],
    ['login', false],
    ['reset-password', false],
    ['404', false],
    ['careers', false],
    [undefined, false],
  ])('%s → %s', (slug, ok) => {
    expect(isPolicySlug(slug)).toBe(ok);
  });
});

describe('policy content', () => {
  it('fills the built-in text from store info', () => {
    const content = policyContent('privacy', storeInfo, 'shop.example');
    if (content.kind !== 'text') throw new Error('expected the built-in text');
    const all = [content.text.intro, ...content.text.sections.flatMap((section) => section.paragraphs)].join(' ');
    expect(all).toContain('NetKart Technologies Pvt. Ltd.');
    expect(all).toContain('support@netkart.in');
    expect(all).toContain('Monday-Friday 10:00-17:00');
    expect(all).not.toMatch(/\{\{/);
  });

  it("names the store's grievance officer in the privacy policy, or its own contacts when it names none", () => {
    const grievanceParagraph = (info: StoreInfo) => {
      const content = policyContent('privacy', info, 'shop.example');
      if (content.kind !== 'text') throw new Error('expected the built-in text');
      return content.text.sections.find((section) => section.heading === 'Grievance Officer')?.paragraphs.join(' ');
    };
    expect(
      grievanceParagraph({
        ...storeInfo,
        legalName: 'NetKart Technologies Private Limited',
        grievanceOfficer: {
          name: 'Priya Raghavan',
          designation: 'Grievance Officer',
          email: 'grievance@netkart.in',
          phone: '+91 80 4718 2291',
        },
      }),
    ).toBe(
      `Priya Raghavan, Grievance Officer, NetKart Technologies Private Limited, ${storeInfo.companyAddress}. Email: grievance@netkart.in. Phone: +91 80 4718 2291. Hours: Monday-Friday 10:00-17:00.`,
    );
    expect(grievanceParagraph(storeInfo)).toBe(
      `Grievance Officer, ${storeInfo.companyName}, ${storeInfo.companyAddress}. Email: ${storeInfo.companyEmail}. Phone: ${storeInfo.companyPhone}. Hours: Monday-Friday 10:00-17:00.`,
    );
  });

  it('falls back to generic values without store info', () => {
    const content = policyContent('refund', null, 'shop.example');
    if (content.kind !== 'text') throw new Error('expected the built-in text');
    expect(content.text.intro).toContain('Our Company');
    expect(content.text.sections.flatMap((section) => section.paragraphs).join(' ')).toContain('0-7 working days');
  });

  it('sanitises the store’s HTML and escapes the substituted values', () => {
    const content = policyContent(
      'terms',
      {
        ...storeInfo,
        companyName: '<b>Evil</b>',
        policies: { terms: '<h2>Terms of {{companyName}}</h2><img src=x onerror="alert(1)"><script>alert(2)</script>' },
      },
      'shop.example',
    );
    if (content.kind !== 'html') throw new Error('expected the store HTML');
    expect(content.html).toContain('Terms of &lt;b&gt;Evil&lt;/b&gt;');
    expect(content.html).not.toContain('onerror');
    expect(content.html).not.toContain('<script');
  });

  it('keeps headings, lists and links of the store’s HTML, but no styling or form of its own', () => {
    const html = sanitizeStoreHtml(
      '<style>body{display:none}</style><h2 style="color:red">Returns</h2><ul><li><a href="/contact">Ask us</a></li></ul>' +
        '<form action="https://evil.example"><input name="card"><p>Pay here</p></form>',
    );
    expect(html).toBe('<h2>Returns</h2><ul><li><a href="/contact">Ask us</a></li></ul><p>Pay here</p>');
  });

  it('substitutes the three placeholder spellings', () => {
    expect(
      substitute('{{companyName}} {companyEmail} [companyPhone] {{unknown}}', {
        companyName: 'A',
        companyEmail: 'B',
        companyPhone: 'C',
      }),
    ).toBe('A B C {{unknown}}');
  });
});
