import type { ShippingRulesInput, StoreInfo } from '@netkart/contract';
import type { Drawing } from './draw-product.js';

/** A product of the demo catalogue; its pictures are drawn by `draw-product.ts` (prices in rupees). */
export interface DemoProduct {
  sku: string;
  title: string;
  description: string;
  /** The Hindi title and description (a few demo products have them: the Hindi pages show the rest in English). */
  titleHi: string | null;
  descriptionHi: string | null;
  category: string;
  parentCategory: string | null;
  gender: string | null;
  regularPrice: number;
  discountedPrice: number | null;
  stock: number;
  /** File names under public/media/products/. */
  images: string[];
  attributes: { key: string; value: string[]; metricUnit?: string | null }[];
  /** Legal particulars, as a label and an invoice carry them (MRP in rupees, tax inclusive). */
  hsn: string;
  gstRate: 18;
  mrp: number;
  countryOfOrigin: string;
  manufacturer: string;
  importer: string | null;
  netQuantity: string;
  /** The BIS R-number: the demo's chargers and cables are BIS-notified goods. */
  bisRegistration: string | null;
  drawing: Drawing;
  /** The colour each extra view is drawn in, when the views are the product's colours. */
  viewColors?: string[];
}

export const DEMO_CATEGORIES = [
  'LAN Adapters',
  'Laptop Accessories',
  'USB Hubs',
  'Docking Stations',
  'Storage',
  'Cables & Chargers',
] as const;

const slugOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The demo store charges ₹79 for shipping below ₹999 and nothing from ₹999, to every zone and weight. */
/** The demo's categories of goods under BIS's Compulsory Registration Scheme (IS 13252(1)). */
export const DEMO_BIS_CATEGORIES = ['Cables & Chargers'] as const;

export const DEMO_SHIPPING_RULES: ShippingRulesInput = { freeFrom: 999, slabs: [{ price: 79 }] };

export const demoStoreInfo: StoreInfo = {
  storeName: 'NetKart',
  companyName: 'NetKart Technologies Pvt. Ltd.',
  companyAddress: '3rd Floor, 41 Residency Road, Ashok Nagar, Bengaluru, Karnataka 560025, India',
  companyEmail: 'support@netkart.in',
  companyPhone: '+91 80 4718 2290',
  legalName: 'NetKart Technologies Private Limited',
  gstin: '29AAHCN4821K1Z4',
  invoicePrefix: 'NK',
  grievanceOfficer: {
    name: 'Priya Raghavan',
    designation: 'Grievance Officer',
    email: 'grievance@netkart.in',
    phone: '+91 80 4718 2291',
  },
  companyLogoUrl: '/media/logo.svg',
  description:
    'NetKart sells dependable networking and laptop accessories across India: LAN adapters, USB hubs, docks, storage and chargers, with GST invoices and free shipping.',
  categories: [...DEMO_CATEGORIES],
  bisCategories: [...DEMO_BIS_CATEGORIES],
  categoryImages: {
    ...Object.fromEntries(DEMO_CATEGORIES.map((category) => [category, `/media/categories/${slugOf(category)}.svg`])),
    default: '/media/categories/default.svg',
  },
  policies: {},
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
};

type Attribute = DemoProduct['attributes'][number];
const spec = (key: string, value: string | string[], metricUnit: string | null = null): Attribute => ({
  key,
  value: Array.isArray(value) ? value : [value],
  metricUnit,
});
const featured = spec('featured', 'true');
const warranty = (years: number) => spec('Warranty', `${years} year${years > 1 ? 's' : ''}`);
const supportPhone = spec('Support Phone', '+91 80 4718 2290');

interface Entry {
  title: string;
  parentCategory: string;
  price: number;
  /** The selling price when discounted. */
  sale?: number;
  stock: number;
  drawing: Drawing;
  /** Extra views of the product (drawn in other colours). */
  views?: number;
  /**
   * The colours of the views after the first, when each view is one of the product's colours (in the
   * order of its Color attribute): the storefront shows the chosen colour's picture.
   */
  viewColors?: string[];
  description: string;
  attributes: Attribute[];
}

const catalogue: Record<(typeof DEMO_CATEGORIES)[number], Entry[]> = {
  'LAN Adapters': [
    {
      title: 'USB-C to 2.5G Ethernet Adapter',
      parentCategory: 'USB-C Adapters',
      price: 2499,
      sale: 1899,
      stock: 120,
      drawing: { kind: 'adapter', color: '#334155' },
      views: 2,
      description:
        'Wired 2.5 Gbps networking for thin laptops without an Ethernet port. Plug-and-play on Windows, macOS, Linux and ChromeOS, with an aluminium shell that stays cool.',
      attributes: [
        spec('Interface', 'USB 3.2 Gen 1 Type-C'),
        spec('Speed', '2.5', 'Gbps'),
        spec('Chipset', 'Realtek RTL8156B'),
        spec('Cable Length', '15', 'cm'),
        spec('Weight', '32', 'g'),
        spec('Compatibility', ['Windows 10/11', 'macOS 11+', 'Linux', 'ChromeOS']),
        spec('Brand', 'NetKart'),
        spec('Model', 'NK-25GC'),
        spec('Housing', 'Aluminium'),
        spec('LED Indicators', 'Link/Activity'),
        spec('Driver', 'Not required'),
        spec('Operating Temperature', '0-40', '°C'),
        warranty(2),
        supportPhone,
        featured,
      ],
    },
    {
      title: 'USB 3.0 Gigabit Ethernet Adapter',
      parentCategory: 'USB-A Adapters',
      price: 1299,
      sale: 849,
      stock: 240,
      drawing: { kind: 'adapter', color: '#1f2937' },
      description:
        'A gigabit LAN port for any laptop or desktop with a USB-A port. Faster and steadier than Wi-Fi for video calls, downloads and online games.',
      attributes: [
        spec('Interface', 'USB 3.0 Type-A'),
        spec('Speed', '1', 'Gbps'),
        spec('Chipset', 'ASIX AX88179'),
        spec('Cable Length', '12', 'cm'),
        spec('Brand', 'NetKart'),
        warranty(1),
        featured,
      ],
    },
    {
      title: 'Thunderbolt 4 to 10GbE Adapter',
      parentCategory: 'Thunderbolt Adapters',
      price: 18999,
      sale: 16499,
      stock: 3,
      drawing: { kind: 'adapter', color: '#0f766e' },
      description:
        'Ten-gigabit Ethernet over Thunderbolt for editors and NAS users who move large files. Passive cooling fins, no fan noise.',
      attributes: [
        spec('Interface', 'Thunderbolt 4 / USB4'),
        spec('Speed', '10', 'Gbps'),
        spec('Chipset', 'Marvell AQC113'),
        spec('Weight', '180', 'g'),
        spec('Brand', 'Veloxa'),
        warranty(3),
      ],
    },
    {
      title: 'USB-C Gigabit Adapter with PD Charging',
      parentCategory: 'USB-C Adapters',
      price: 1999,
      stock: 85,
      drawing: { kind: 'adapter', color: '#64748b' },
      description:
        'Gigabit Ethernet and 100 W USB-C power pass-through in one, so the laptop charges while it stays on the wired network.',
      attributes: [
        spec('Interface', 'USB-C'),
        spec('Speed', '1', 'Gbps'),
        spec('Power Delivery', '100', 'W'),
        spec('Color', ['Space Grey', 'Silver']),
        spec('Brand', 'NetKart'),
        warranty(1),
      ],
    },
    {
      title: 'USB 2.0 Fast Ethernet Adapter',
      parentCategory: 'USB-A Adapters',
      price: 499,
      sale: 349,
      stock: 0,
      drawing: { kind: 'adapter', color: '#475569' },
      description:
        'An affordable 100 Mbps LAN port for older laptops, set-top boxes and Raspberry Pi projects. No driver needed on most systems.',
      attributes: [
        spec('Interface', 'USB 2.0 Type-A'),
        spec('Speed', '100', 'Mbps'),
        spec('Chipset', 'Realtek RTL8152'),
        spec('Brand', 'Linkon'),
        warranty(1),
      ],
    },
    {
      title: 'Dual-Port USB-C 2.5G Ethernet Adapter',
      parentCategory: 'USB-C Adapters',
      price: 4299,
      stock: 40,
      drawing: { kind: 'adapter', color: '#1e3a8a', ports: 2 },
      description:
        'Two 2.5 Gbps ports from one USB-C connection, for home labs, firewalls and network testing on the go.',
      attributes: [
        spec('Interface', 'USB 3.2 Gen 2 Type-C'),
        spec('Ports', '2'),
        spec('Speed', '2.5', 'Gbps'),
        spec('Brand', 'Veloxa'),
        warranty(2),
        featured,
      ],
    },
    {
      title: 'Thunderbolt 3 to 5GbE Adapter',
      parentCategory: 'Thunderbolt Adapters',
      price: 8999,
      sale: 7499,
      stock: 18,
      drawing: { kind: 'adapter', color: '#115e59' },
      description: 'Five-gigabit Ethernet for Thunderbolt 3 laptops, backward compatible with 2.5G and 1G switches.',
      attributes: [
        spec('Interface', 'Thunderbolt 3'),
        spec('Speed', '5', 'Gbps'),
        spec('Brand', 'Veloxa'),
        spec('Weight', '95', 'g'),
        warranty(2),
      ],
    },
    {
      title: 'USB-C Ethernet Adapter, Braided Cable',
      parentCategory: 'USB-C Adapters',
      price: 1599,
      sale: 1199,
      stock: 150,
      drawing: { kind: 'adapter', color: '#7c2d12' },
      description: 'A gigabit adapter with a 20 cm nylon-braided cable that survives years in a laptop bag.',
      attributes: [
        spec('Interface', 'USB-C'),
        spec('Speed', '1', 'Gbps'),
        spec('Cable Length', '20', 'cm'),
        spec('Colours', ['Rust', 'Black']),
        spec('Brand', 'NetKart'),
        warranty(1),
      ],
    },
  ],
  'Laptop Accessories': [
    {
      title: 'Aluminium Laptop Stand, Adjustable',
      parentCategory: 'Stands',
      price: 2999,
      sale: 2199,
      stock: 75,
      drawing: { kind: 'stand', color: '#94a3b8' },
      views: 2,
      description:
        'Lifts the screen to eye level in six steps for a healthier posture; folds flat for travel. Holds laptops from 10 to 17 inches.',
      attributes: [
        spec('Material', 'Aluminium alloy'),
        spec('Fits', '10-17', 'inch'),
        spec('Weight', '280', 'g'),
        spec('Color', ['Silver', 'Space Grey']),
        spec('Brand', 'Deskora'),
        warranty(1),
        featured,
      ],
    },
    {
      title: 'Neoprene Laptop Sleeve',
      parentCategory: 'Sleeves & Bags',
      price: 1199,
      sale: 899,
      stock: 160,
      // Navy, Charcoal and Olive: one picture per colour.
      drawing: { kind: 'sleeve', color: '#1e40af' },
      views: 3,
      viewColors: ['#374151', '#556b2f'],
      description:
        'A padded, water-resistant sleeve with a front pocket for the charger and a soft fleece lining that keeps the lid free of scratches.',
      attributes: [
        spec('Size', ['13"', '14"', '15.6"']),
        spec('Color', ['Navy', 'Charcoal', 'Olive']),
        spec('Material', 'Neoprene'),
        spec('Brand', 'Carrywell'),
        warranty(1),
        featured,
      ],
    },
    {
      title: 'Laptop Cooling Pad with 5 Fans',
      parentCategory: 'Cooling',
      price: 1999,
      stock: 60,
      drawing: { kind: 'cooling-pad', color: '#111827' },
      description:
        'Five quiet fans, six height settings and two USB pass-through ports keep gaming and workstation laptops from throttling.',
      attributes: [
        spec('Fans', '5'),
        spec('Fits', '12-17.3', 'inch'),
        spec('Noise', '21', 'dB'),
        spec('Power', 'USB powered'),
        spec('Brand', 'Frostline'),
        warranty(1),
      ],
    },
    {
      title: 'Wireless Keyboard and Mouse Combo',
      parentCategory: 'Keyboards & Mice',
      price: 2499,
      sale: 1799,
      stock: 90,
      drawing: { kind: 'keyboard', color: '#374151' },
      description:
        'A full-size keyboard with Indian Rupee key and a silent-click mouse on one 2.4 GHz receiver; 24 months on two AA batteries.',
      attributes: [
        spec('Connection', '2.4 GHz wireless'),
        spec('Layout', 'US English with ₹ key'),
        spec('Battery Life', '24', 'months'),
        spec('Brand', 'Typemate'),
        warranty(1),
      ],
    },
    {
      title: 'Ergonomic Vertical Mouse',
      parentCategory: 'Keyboards & Mice',
      price: 1499,
      stock: 55,
      drawing: { kind: 'mouse', color: '#0f172a' },
      description:
        'A 57-degree vertical grip that relaxes the forearm through long working days. Rechargeable over USB-C.',
      attributes: [
        spec('Connection', ['Bluetooth 5.1', '2.4 GHz']),
        spec('DPI', '800-2400'),
        spec('Battery', 'Rechargeable, USB-C'),
        spec('Brand', 'Typemate'),
        warranty(1),
      ],
    },
    {
      title: 'Anti-Theft Laptop Backpack',
      parentCategory: 'Sleeves & Bags',
      price: 3499,
      sale: 2599,
      stock: 2,
      drawing: { kind: 'backpack', color: '#334155' },
      description:
        'Hidden zips, a USB charging port and a padded 15.6-inch compartment, made for Mumbai local trains and airport queues alike.',
      attributes: [
        spec('Capacity', '25', 'L'),
        spec('Fits', '15.6', 'inch'),
        spec('Material', 'Water-resistant polyester'),
        spec('Color', ['Grey', 'Black']),
        spec('Brand', 'Carrywell'),
        warranty(1),
      ],
    },
    {
      title: 'Silicone Keyboard Cover',
      parentCategory: 'Keyboards & Mice',
      price: 599,
      sale: 399,
      stock: 210,
      drawing: { kind: 'keyboard', color: '#0ea5e9' },
      description: 'A thin, washable skin that keeps dust and chai off the keys. Cut for 14-inch laptops.',
      attributes: [
        spec('sizes', ['One Size']),
        spec('Material', 'Food-grade silicone'),
        spec('Thickness', '0.3', 'mm'),
        spec('Brand', 'Deskora'),
      ],
    },
    {
      title: 'Foldable Laptop Riser, Travel',
      parentCategory: 'Stands',
      price: 1299,
      stock: 110,
      drawing: { kind: 'stand', color: '#52525b' },
      description: 'A 95-gram riser that folds to the size of a pen for work from cafés, trains and client offices.',
      attributes: [spec('Weight', '95', 'g'), spec('Material', 'Polycarbonate'), spec('Brand', 'Deskora'), warranty(1)],
    },
  ],
  'USB Hubs': [
    {
      title: '7-in-1 USB-C Hub with 4K HDMI',
      parentCategory: 'USB-C Hubs',
      price: 3499,
      sale: 2499,
      stock: 130,
      drawing: { kind: 'hub', color: '#475569', ports: 7 },
      views: 2,
      description:
        'HDMI at 4K 30 Hz, three USB 3.0 ports, SD and microSD readers and 100 W charging pass-through in one compact hub.',
      attributes: [
        spec('Interface', 'USB-C'),
        spec('Ports', '7'),
        spec('HDMI', '4K @ 30', 'Hz'),
        spec('Power Delivery', '100', 'W'),
        spec('Brand', 'NetKart'),
        warranty(1),
        featured,
      ],
    },
    {
      title: '4-Port USB 3.0 Hub, Slim',
      parentCategory: 'USB-A Hubs',
      price: 899,
      sale: 649,
      stock: 220,
      drawing: { kind: 'hub', color: '#1f2937', ports: 4 },
      description: 'Four 5 Gbps ports on a 60 cm cable, thin enough to live behind a monitor.',
      attributes: [
        spec('Interface', 'USB 3.0 Type-A'),
        spec('Ports', '4'),
        spec('Cable Length', '60', 'cm'),
        spec('Brand', 'Linkon'),
        warranty(1),
      ],
    },
    {
      title: '10-Port Powered USB Hub',
      parentCategory: 'Powered Hubs',
      price: 3999,
      stock: 35,
      drawing: { kind: 'hub', color: '#0f172a', ports: 10 },
      description:
        'Ten ports with individual switches and a 60 W adapter, for charging a drawer of phones or running a lab of USB devices.',
      attributes: [
        spec('Ports', '10'),
        spec('Power Adapter', '60', 'W'),
        spec('Individual Switches', 'Yes'),
        spec('Brand', 'Linkon'),
        warranty(2),
        supportPhone,
      ],
    },
    {
      title: 'USB-C Hub with Gigabit Ethernet',
      parentCategory: 'USB-C Hubs',
      price: 2799,
      stock: 70,
      drawing: { kind: 'hub', color: '#334155', ports: 5 },
      description: 'LAN, HDMI, two USB-A ports and USB-C charging: the whole desk through one cable.',
      attributes: [
        spec('Interface', 'USB-C'),
        spec('Ports', '5'),
        spec('Ethernet', '1', 'Gbps'),
        spec('Brand', 'NetKart'),
        warranty(1),
      ],
    },
    {
      title: '4-Port USB-C Hub, All USB-C',
      parentCategory: 'USB-C Hubs',
      price: 1899,
      sale: 1499,
      stock: 95,
      drawing: { kind: 'hub', color: '#a1a1aa', ports: 4 },
      description: 'Four 10 Gbps USB-C ports for new phones, drives and keyboards; aluminium body.',
      attributes: [
        spec('Interface', 'USB-C 3.2 Gen 2'),
        spec('Ports', '4'),
        spec('Speed', '10', 'Gbps'),
        spec('Color', ['Silver']),
        spec('Brand', 'Veloxa'),
      ],
    },
    {
      title: '7-Port Powered USB 3.0 Hub',
      parentCategory: 'Powered Hubs',
      price: 2799,
      sale: 2299,
      stock: 45,
      drawing: { kind: 'hub', color: '#1e293b', ports: 7 },
      description: 'Seven data ports with a 36 W adapter so portable drives never disconnect mid-copy.',
      attributes: [spec('Ports', '7'), spec('Power Adapter', '36', 'W'), spec('Brand', 'Linkon'), warranty(2)],
    },
  ],
  'Docking Stations': [
    {
      title: 'Dual 4K USB-C Docking Station',
      parentCategory: 'USB-C Docks',
      price: 12999,
      sale: 10999,
      stock: 25,
      drawing: { kind: 'dock', color: '#27272a' },
      views: 2,
      description:
        'Two 4K 60 Hz displays, gigabit Ethernet, five USB ports, audio and 96 W charging: one cable to a full desk setup.',
      attributes: [
        spec('Interface', 'USB-C (DisplayLink)'),
        spec('Displays', '2 × 4K @ 60', 'Hz'),
        spec('Ethernet', '1', 'Gbps'),
        spec('Power Delivery', '96', 'W'),
        spec('Brand', 'Dockwise'),
        warranty(3),
        featured,
      ],
    },
    {
      title: 'Thunderbolt 4 Dock, 11-in-1',
      parentCategory: 'Thunderbolt Docks',
      price: 24999,
      sale: 21999,
      stock: 12,
      drawing: { kind: 'dock', color: '#18181b' },
      description:
        'Three Thunderbolt 4 downstream ports, 2.5G Ethernet, SD UHS-II and 90 W charging for creators on Windows and Mac.',
      attributes: [
        spec('Interface', 'Thunderbolt 4'),
        spec('Ports', '11'),
        spec('Ethernet', '2.5', 'Gbps'),
        spec('Power Delivery', '90', 'W'),
        spec('Brand', 'Dockwise'),
        warranty(3),
        featured,
      ],
    },
    {
      title: 'USB-C Travel Dock, 6-in-1',
      parentCategory: 'USB-C Docks',
      price: 4499,
      stock: 65,
      drawing: { kind: 'dock', color: '#52525b' },
      description: 'A pocket dock with a built-in cable and a storage slot, for presentations and hotel desks.',
      attributes: [
        spec('Interface', 'USB-C'),
        spec('Ports', '6'),
        spec('HDMI', '4K @ 30', 'Hz'),
        spec('Brand', 'Dockwise'),
        warranty(1),
      ],
    },
    {
      title: 'Vertical Laptop Dock with Charging',
      parentCategory: 'Vertical Docks',
      price: 6999,
      sale: 5999,
      stock: 20,
      drawing: { kind: 'stand', color: '#3f3f46' },
      description: 'Stands a closed laptop upright and connects it to two monitors; frees half the desk.',
      attributes: [spec('Fits', '13-16', 'inch'), spec('Displays', '2'), spec('Brand', 'Deskora'), warranty(2)],
    },
    {
      title: 'Universal USB 3.0 Docking Station',
      parentCategory: 'USB-A Docks',
      price: 8499,
      stock: 30,
      drawing: { kind: 'dock', color: '#1f2937' },
      description: 'Works with older laptops too: dual HDMI, LAN, audio and six USB ports over USB 3.0.',
      attributes: [
        spec('Interface', 'USB 3.0 Type-A (DisplayLink)'),
        spec('Displays', '2 × 1080p'),
        spec('Ethernet', '1', 'Gbps'),
        spec('Brand', 'Dockwise'),
        warranty(2),
        supportPhone,
      ],
    },
    {
      title: 'Triple Display USB-C Dock',
      parentCategory: 'USB-C Docks',
      price: 15999,
      stock: 8,
      drawing: { kind: 'dock', color: '#0f172a' },
      description: 'Three displays for trading desks and control rooms, with 100 W charging and 2.5G LAN.',
      attributes: [
        spec('Displays', '3'),
        spec('Ethernet', '2.5', 'Gbps'),
        spec('Power Delivery', '100', 'W'),
        spec('Brand', 'Dockwise'),
        warranty(3),
      ],
    },
  ],
  Storage: [
    {
      title: 'Portable NVMe SSD',
      parentCategory: 'Portable SSDs',
      price: 7999,
      sale: 6499,
      stock: 80,
      drawing: { kind: 'ssd', color: '#1d4ed8' },
      views: 2,
      description:
        'Up to 1,050 MB/s in a shock-resistant shell the size of a credit card; hardware encryption and USB-C and USB-A cables in the box.',
      attributes: [
        spec('Capacity', ['1TB', '2TB']),
        spec('Read Speed', '1050', 'MB/s'),
        spec('Interface', 'USB 3.2 Gen 2'),
        spec('Color', ['Blue', 'Black']),
        spec('Brand', 'Storix'),
        warranty(5),
        featured,
      ],
    },
    {
      title: 'M.2 NVMe SSD Enclosure',
      parentCategory: 'Enclosures',
      price: 2499,
      sale: 1999,
      stock: 100,
      drawing: { kind: 'enclosure', color: '#52525b' },
      description: 'Turns a spare M.2 NVMe drive into a 10 Gbps portable SSD; tool-free, with a thermal pad.',
      attributes: [
        spec('Interface', 'USB-C 3.2 Gen 2'),
        spec('Supports', ['M.2 2230', 'M.2 2242', 'M.2 2260', 'M.2 2280']),
        spec('Speed', '10', 'Gbps'),
        spec('Brand', 'Storix'),
        warranty(1),
      ],
    },
    {
      title: '128 GB USB 3.2 Pen Drive',
      parentCategory: 'Pen Drives',
      price: 1299,
      sale: 899,
      stock: 300,
      drawing: { kind: 'pen-drive', color: '#b91c1c' },
      description: 'Metal, keyring-sized and quick: 400 MB/s reads for moving films and backups.',
      attributes: [
        spec('Capacity', '128', 'GB'),
        spec('Read Speed', '400', 'MB/s'),
        spec('Interface', 'USB 3.2 Type-A'),
        spec('Brand', 'Storix'),
        warranty(5),
      ],
    },
    {
      title: 'Dual-Drive 64 GB OTG Pen Drive',
      parentCategory: 'Pen Drives',
      price: 799,
      stock: 180,
      drawing: { kind: 'pen-drive', color: '#0f766e' },
      description: 'USB-C on one end and USB-A on the other, for moving photos between phone and laptop.',
      attributes: [
        spec('Capacity', '64', 'GB'),
        spec('Interface', ['USB-C', 'USB-A']),
        spec('Brand', 'Storix'),
        warranty(3),
      ],
    },
    {
      title: '2.5-inch SATA Hard Drive Enclosure',
      parentCategory: 'Enclosures',
      price: 999,
      sale: 749,
      stock: 140,
      drawing: { kind: 'enclosure', color: '#334155' },
      description: 'Gives an old laptop drive a second life as portable storage; UASP for faster copies.',
      attributes: [
        spec('Interface', 'USB 3.0'),
        spec('Supports', '2.5-inch SATA HDD/SSD up to 9.5 mm'),
        spec('Brand', 'Storix'),
        warranty(1),
      ],
    },
    {
      title: '1 TB Rugged Portable Hard Drive',
      parentCategory: 'Portable Drives',
      price: 5499,
      stock: 50,
      drawing: { kind: 'ssd', color: '#ea580c' },
      description: 'Rubber bumpers, IP54 dust and splash resistance and a 1.2 m drop rating for field work.',
      attributes: [
        spec('Capacity', '1', 'TB'),
        spec('Interface', 'USB 3.2 Gen 1'),
        spec('Protection', 'IP54'),
        spec('Brand', 'Storix'),
        warranty(3),
      ],
    },
    {
      title: 'microSD Card 256 GB, A2',
      parentCategory: 'Memory Cards',
      price: 2299,
      sale: 1699,
      stock: 260,
      drawing: { kind: 'pen-drive', color: '#7c3aed' },
      description: 'A2 app performance and 170 MB/s reads for phones, action cameras and handheld consoles.',
      attributes: [
        spec('Capacity', '256', 'GB'),
        spec('Class', ['A2', 'U3', 'V30']),
        spec('Read Speed', '170', 'MB/s'),
        spec('Brand', 'Storix'),
        warranty(10),
      ],
    },
    {
      title: 'SD Card Reader, USB-C',
      parentCategory: 'Card Readers',
      price: 699,
      stock: 190,
      drawing: { kind: 'enclosure', color: '#71717a' },
      description: 'Reads SD and microSD cards at UHS-I speed, two at once.',
      attributes: [spec('Interface', 'USB-C'), spec('Slots', ['SD', 'microSD']), spec('Brand', 'Linkon'), warranty(1)],
    },
  ],
  'Cables & Chargers': [
    {
      title: '65 W GaN USB-C Charger',
      parentCategory: 'Chargers',
      price: 3499,
      sale: 2499,
      stock: 150,
      drawing: { kind: 'charger', color: '#f8fafc' },
      views: 2,
      description:
        'Charges a laptop, phone and earbuds at once from an Indian three-pin socket; half the size of a laptop brick.',
      attributes: [
        spec('Output', '65', 'W'),
        spec('Ports', ['2 × USB-C', '1 × USB-A']),
        spec('Plug', 'Indian Type D'),
        spec('Color', ['White', 'Black']),
        spec('Certification', 'BIS'),
        spec('Brand', 'Voltra'),
        warranty(1),
        featured,
      ],
    },
    {
      title: 'USB-C to USB-C Cable, 100 W Braided',
      parentCategory: 'Cables',
      price: 799,
      sale: 549,
      stock: 400,
      drawing: { kind: 'cable', color: '#111827' },
      description: 'Nylon-braided, 100 W charging and 480 Mbps data, tested to 30,000 bends.',
      attributes: [spec('Length', ['1 m', '2 m']), spec('Power', '100', 'W'), spec('Brand', 'Voltra'), warranty(2)],
    },
    {
      title: 'Cat 6 Ethernet Cable',
      parentCategory: 'Cables',
      price: 499,
      stock: 350,
      drawing: { kind: 'cable', color: '#2563eb', lan: true },
      description: 'Pure copper Cat 6 patch cable with snagless boots, good for gigabit and 2.5G links.',
      attributes: [
        spec('Length', ['3 m', '5 m', '10 m']),
        spec('Category', 'Cat 6 UTP'),
        spec('Conductor', 'Pure copper'),
        spec('Brand', 'Linkon'),
        warranty(5),
      ],
    },
    {
      title: '100 W 4-Port GaN Desktop Charger',
      parentCategory: 'Chargers',
      price: 5999,
      stock: 40,
      drawing: { kind: 'charger', color: '#1f2937' },
      description: 'One plug for the whole desk: a laptop and three phones charging at full speed.',
      attributes: [
        spec('Output', '100', 'W'),
        spec('Ports', ['3 × USB-C', '1 × USB-A']),
        spec('Plug', 'Indian Type D'),
        spec('Brand', 'Voltra'),
        warranty(2),
      ],
    },
    {
      title: 'Cat 8 Flat Ethernet Cable',
      parentCategory: 'Cables',
      price: 899,
      sale: 699,
      stock: 120,
      drawing: { kind: 'cable', color: '#0f766e', lan: true },
      description: 'A flat cable that slides under carpets and doors; rated for 40 Gbps over short runs.',
      attributes: [
        spec('Length', ['2 m', '5 m']),
        spec('Category', 'Cat 8 S/FTP'),
        spec('Brand', 'Linkon'),
        warranty(5),
      ],
    },
    {
      title: 'Car Charger, 45 W USB-C',
      parentCategory: 'Chargers',
      price: 1499,
      stock: 85,
      drawing: { kind: 'charger', color: '#334155' },
      description: 'Charges a laptop on highway drives from the 12 V socket; metal body.',
      attributes: [spec('Output', '45', 'W'), spec('Input', '12-24', 'V'), spec('Brand', 'Voltra'), warranty(1)],
    },
    {
      title: 'Thunderbolt 4 Cable, 0.8 m',
      parentCategory: 'Cables',
      price: 3999,
      stock: 60,
      drawing: { kind: 'cable', color: '#000000' },
      description: 'Certified 40 Gbps cable for docks and external GPUs, with 100 W charging.',
      attributes: [
        spec('Length', '0.8', 'm'),
        spec('Speed', '40', 'Gbps'),
        spec('Power', '100', 'W'),
        spec('Brand', 'Veloxa'),
        warranty(2),
        supportPhone,
      ],
    },
    {
      title: 'Universal Travel Adapter with USB',
      parentCategory: 'Chargers',
      price: 1799,
      sale: 1399,
      stock: 70,
      drawing: { kind: 'charger', color: '#e2e8f0' },
      description: 'Plugs into sockets in 150 countries and charges four devices; surge protected.',
      attributes: [
        spec('Ports', ['2 × USB-C', '2 × USB-A']),
        spec('Output', '30', 'W'),
        spec('Brand', 'Voltra'),
        warranty(1),
      ],
    },
  ],
};

const CATEGORY_CODES: Record<(typeof DEMO_CATEGORIES)[number], string> = {
  'LAN Adapters': 'LAN',
  'Laptop Accessories': 'LAP',
  'USB Hubs': 'HUB',
  'Docking Stations': 'DOC',
  Storage: 'STO',
  'Cables & Chargers': 'CAB',
};

/** HSN codes by category: network adapters 8517, computer accessories 8473, hubs and docks 8471, SSDs 8523. */
const CATEGORY_HSN: Record<(typeof DEMO_CATEGORIES)[number], string> = {
  'LAN Adapters': '85176290',
  'Laptop Accessories': '84733099',
  'USB Hubs': '84718000',
  'Docking Stations': '84718000',
  Storage: '85235100',
  'Cables & Chargers': '85444299',
};
/** Chargers are power supplies (8504), not cables (8544). */
const CHARGER_HSN = '85044030';

/** Where the demo products are made, in turn, and by whom. */
const MAKERS = [
  {
    country: 'China',
    manufacturer: 'Shenzhen Linkwell Electronics Co., Ltd., 8 Keji Road, Nanshan District, Shenzhen 518057, China',
  },
  {
    country: 'India',
    manufacturer: 'Vayu Electronics Pvt. Ltd., Plot 42, Electronics City Phase II, Bengaluru, Karnataka 560100',
  },
  {
    country: 'Taiwan',
    manufacturer: 'Formosa Connect Corp., 5F, 88 Ruiguang Road, Neihu District, Taipei 114, Taiwan',
  },
] as const;
const DEMO_IMPORTER =
  'NetKart Technologies Private Limited, 3rd Floor, 41 Residency Road, Ashok Nagar, Bengaluru, Karnataka 560025';

/** An MRP a little above the regular price, ending in 99 as printed MRPs do. */
const mrpAbove = (price: number) => Math.ceil((price * 1.2) / 100) * 100 - 1;

/** Alternative colours for a product's extra views. */
const VIEW_COLOURS = ['#64748b', '#0f172a', '#b45309'];

/** Hindi titles and descriptions of a few demo products, by SKU, as a Hindi-speaking shopper reads them. */
const HINDI: Record<string, { title: string; description: string }> = {
  'NK-LAN-001': {
    title: 'USB-C से 2.5G ईथरनेट एडेप्टर',
    description: 'बिना LAN पोर्ट वाले लैपटॉप के लिए तेज़ वायर्ड इंटरनेट।',
  },
  'NK-LAP-001': {
    title: 'एल्युमिनियम लैपटॉप स्टैंड, एडजस्टेबल',
    description: 'लैपटॉप को आँखों की ऊँचाई पर रखें, गर्दन को आराम दें।',
  },
  'NK-LAP-004': {
    title: 'वायरलेस कीबोर्ड और माउस कॉम्बो',
    description: 'एक USB रिसीवर से चलने वाला कीबोर्ड और माउस।',
  },
  'NK-HUB-001': {
    title: '4K HDMI के साथ 7-इन-1 USB-C हब',
    description: 'एक केबल से HDMI, USB पोर्ट और कार्ड रीडर।',
  },
  'NK-STO-003': { title: '128 GB USB 3.2 पेन ड्राइव', description: 'फ़ाइलें, फ़ोटो और वीडियो साथ ले जाएँ।' },
  'NK-CAB-001': { title: '65 W GaN USB-C चार्जर', description: 'लैपटॉप और फ़ोन, दोनों के लिए तेज़ चार्जर।' },
  'NK-CAB-002': { title: 'USB-C से USB-C केबल, 100 W ब्रेडेड', description: 'मज़बूत बुनी हुई केबल, तेज़ चार्जिंग के लिए।' },
};

/** Hindi names of the demo store's categories, by English name. */
export const DEMO_CATEGORY_NAMES_HI: { name: string; titleHi: string }[] = [
  { name: 'LAN Adapters', titleHi: 'LAN एडेप्टर' },
  { name: 'Laptop Accessories', titleHi: 'लैपटॉप एक्सेसरीज़' },
  { name: 'USB Hubs', titleHi: 'USB हब' },
  { name: 'Docking Stations', titleHi: 'डॉकिंग स्टेशन' },
  { name: 'Storage', titleHi: 'स्टोरेज' },
  { name: 'Cables & Chargers', titleHi: 'केबल और चार्जर' },
  { name: 'Chargers', titleHi: 'चार्जर' },
  { name: 'Cables', titleHi: 'केबल' },
  { name: 'Stands', titleHi: 'स्टैंड' },
  { name: 'Pen Drives', titleHi: 'पेन ड्राइव' },
];

/** Hindi labels of the demo catalogue's specifications, by English name. */
export const DEMO_SPECIFICATION_NAMES_HI: { name: string; titleHi: string }[] = [
  { name: 'Brand', titleHi: 'ब्रांड' },
  { name: 'Interface', titleHi: 'इंटरफ़ेस' },
  { name: 'Ports', titleHi: 'पोर्ट' },
  { name: 'Speed', titleHi: 'स्पीड' },
  { name: 'Color', titleHi: 'रंग' },
  { name: 'Capacity', titleHi: 'क्षमता' },
  { name: 'Weight', titleHi: 'वज़न' },
  { name: 'Material', titleHi: 'मटीरियल' },
  { name: 'Length', titleHi: 'लंबाई' },
  { name: 'Cable Length', titleHi: 'केबल की लंबाई' },
  { name: 'Warranty', titleHi: 'वारंटी' },
];

export const demoProducts: DemoProduct[] = DEMO_CATEGORIES.flatMap((category) =>
  catalogue[category].map((entry, index) => {
    const sku = `NK-${CATEGORY_CODES[category]}-${String(index + 1).padStart(3, '0')}`;
    const base = sku.toLowerCase();
    const maker = MAKERS[index % MAKERS.length] ?? MAKERS[0];
    const images = [
      `${base}.svg`,
      ...Array.from({ length: (entry.views ?? 1) - 1 }, (_, view) => `${base}-${view + 2}.svg`),
    ];
    return {
      sku,
      title: entry.title,
      description: entry.description,
      titleHi: HINDI[sku]?.title ?? null,
      descriptionHi: HINDI[sku]?.description ?? null,
      category,
      parentCategory: entry.parentCategory,
      gender: null,
      regularPrice: entry.price,
      discountedPrice: entry.sale ?? null,
      stock: entry.stock,
      images,
      attributes: entry.attributes,
      hsn: /charger/i.test(entry.title) ? CHARGER_HSN : CATEGORY_HSN[category],
      gstRate: 18 as const,
      mrp: mrpAbove(entry.price),
      countryOfOrigin: maker.country,
      manufacturer: maker.manufacturer,
      importer: maker.country === 'India' ? null : DEMO_IMPORTER,
      netQuantity: '1 N',
      bisRegistration: (DEMO_BIS_CATEGORIES as readonly string[]).includes(category)
        ? `R-4100${String(index + 1).padStart(4, '0')}`
        : null,
      drawing: entry.drawing,
      ...(entry.viewColors ? { viewColors: entry.viewColors } : {}),
    };
  }),
);

/** Every picture the demo catalogue needs: file name → drawing (extra views in other colours). */
export function demoPictures(): Map<string, Drawing> {
  const pictures = new Map<string, Drawing>();
  for (const product of demoProducts) {
    product.images.forEach((name, view) => {
      pictures.set(
        name,
        view === 0
          ? product.drawing
          : {
              ...product.drawing,
              color: product.viewColors?.[view - 1] ?? VIEW_COLOURS[view - 1] ?? product.drawing.color,
            },
      );
    });
  }
  return pictures;
}

export { slugOf };
