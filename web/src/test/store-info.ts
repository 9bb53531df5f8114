import type { StoreInfo } from '@netkart/contract';

/** The demo store's details as GET /storeInfo answers them, storefront texts and all, unless a test says otherwise. */
export const aStoreInfo = (overrides: Partial<StoreInfo> = {}): StoreInfo => ({
  storeName: 'NetKart',
  companyName: 'NetKart Technologies Pvt. Ltd.',
  companyAddress: '3rd Floor, 41 Residency Road, Bengaluru',
  companyEmail: 'support@netkart.in',
  companyPhone: '+91 80 4718 2290',
  companyLogoUrl: '',
  description: 'Dependable networking and laptop accessories across India.',
  categories: ['LAN Adapters', 'Laptop Accessories', 'USB Hubs', 'Storage'],
  categoryImages: { default: '/media/categories/default.svg' },
  policies: {},
  paymentMode: 'live',
  metaDescription:
    'Tech accessories for India: LAN adapters, laptop accessories, USB hubs, docking stations and storage.',
  heroTitle: 'Wired for work. Built for India.',
  highlights: {
    title: 'Everything your desk needs',
    items: [
      { icon: 'network', title: 'LAN Adapters', text: 'Gigabit to 10GbE for laptops without a port.' },
      { icon: 'usb', title: 'USB Hubs', text: 'More ports, HDMI and card readers from one cable.' },
      { icon: 'storage', title: 'Storage', text: 'Portable SSDs, enclosures and pen drives.' },
      { icon: 'cable', title: 'Cables & Chargers', text: 'GaN chargers and cables that last.' },
    ],
  },
  newsletterTitle: 'Deals and new arrivals, once a week',
  supportHours: 'Monday to Saturday, 10AM-6PM',
  legalName: 'NetKart Technologies Private Limited',
  gstin: '29AAHCN4821K1Z4',
  gstState: { code: '29', name: 'Karnataka' },
  invoicePrefix: 'NK',
  grievanceOfficer: {
    name: 'Priya Raghavan',
    designation: 'Grievance Officer',
    email: 'grievance@netkart.in',
    phone: '+91 80 4718 2291',
  },
  ...overrides,
});

/** Another merchant's store that gave only what `store init` asks: no storefront texts, no categories, no logo. */
export const aPlainStoreInfo = (overrides: Partial<StoreInfo> = {}): StoreInfo => ({
  storeName: 'Chai Tech',
  companyName: 'Chai Tech LLP',
  companyAddress: '12 MG Road, Pune, Maharashtra 411001',
  companyEmail: 'hello@chaitech.in',
  companyPhone: '+91 20 4000 1234',
  companyLogoUrl: '',
  description: '',
  categories: [],
  categoryImages: {},
  policies: {},
  paymentMode: 'none',
  ...overrides,
});

/** What another shop's words would look like on this one: none may show on a store that did not write them. */
export const DEMO_STORE_WORDS = [
  /NetKart/,
  /TechKart/,
  /Wired for work/,
  /Everything your desk needs/,
  /Deals and new arrivals/,
  /Monday to Saturday/,
  /LAN Adapters/,
  /Laptop Accessories/,
];
