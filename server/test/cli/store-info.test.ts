import path from 'node:path';
import type { StoreInfo } from '@netkart/contract';
import { describe, expect, it } from 'vitest';
import { client } from '../harness.js';
import { SAMPLES_DIR, useCliShop } from './cli-harness.js';

const cli = useCliShop();
const store = (...argv: string[]) => cli.store(...argv);

const storeInfoAt = async (host: string) => {
  const response = await client(cli.shop.app, { host }).get('/storeInfo');
  expect(response.statusCode).toBe(200);
  // How the store takes payment is told to shoppers, not part of the details a merchant edits.
  const { paymentMode: _mode, ...info } = response.json() as StoreInfo;
  return info;
};

describe('store info', () => {
  it('shows the store details as the JSON that info set reads', async () => {
    const shown = await store('info', 'show');
    expect(shown.code).toBe(0);
    expect(JSON.parse(shown.stdout)).toEqual(await storeInfoAt('localhost'));
  });

  it('sets details and policies from the sample files, and the shop serves them', async () => {
    const result = await store('info', 'set', '--file', path.join(SAMPLES_DIR, 'store.json'));
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const info = await storeInfoAt('localhost');
    expect(info.companyEmail).toBe('support@netkart.in');
    expect(info.policies.shipping).toContain('<h2>Shipping across India</h2>');
    expect(info.policies.refund).toContain('<a href="mailto:support@netkart.in">');
    expect(info.categories[0]).toBe('LAN Adapters');
    expect(info.heroTitle).toBe('Wired for work. Built for India.');
    expect(info.highlights?.items.map((item) => item.icon)).toEqual(['network', 'usb', 'storage', 'cable']);
  });

  it("sets the storefront's texts, replaces the highlights whole, and removes a text given as null", async () => {
    const texts = {
      metaDescription: '  Handloom sarees from Varanasi, woven for you.  ',
      heroTitle: 'Woven in Varanasi',
      highlights: {
        title: 'Why shop with us',
        items: [
          { title: 'Free shipping', text: 'Across India, on every order.', icon: 'shipping' },
          { title: 'Handwoven', text: 'Every saree from our own looms.' },
        ],
      },
      newsletterTitle: 'New weaves, every month',
      supportHours: 'Monday to Friday, 9AM-5PM',
    };
    const result = await store('info', 'set', '--file', cli.files.write('texts.json', JSON.stringify(texts)));
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain(
      'Updated metaDescription, heroTitle, highlights, newsletterTitle, supportHours of NetKart (localhost).',
    );
    let info = await storeInfoAt('localhost');
    expect(info).toMatchObject({
      ...texts,
      metaDescription: 'Handloom sarees from Varanasi, woven for you.',
      highlights: {
        title: 'Why shop with us',
        items: [
          { title: 'Free shipping', text: 'Across India, on every order.', icon: 'shipping' },
          { title: 'Handwoven', text: 'Every saree from our own looms.' },
        ],
      },
    });
    expect(info.highlights?.items).toHaveLength(2);
    expect(JSON.parse((await store('info', 'show')).stdout)).toEqual(info);

    const removal = { heroTitle: null, highlights: null, supportHours: '' };
    expect((await store('info', 'set', '--file', cli.files.write('removal.json', JSON.stringify(removal)))).code).toBe(
      0,
    );
    info = await storeInfoAt('localhost');
    expect(info).not.toHaveProperty('heroTitle');
    expect(info).not.toHaveProperty('highlights');
    expect(info).not.toHaveProperty('supportHours');
    expect(info.newsletterTitle).toBe('New weaves, every month');
  });

  it("sets the seller's particulars, normalising the GSTIN and prefix, and removes them with null", async () => {
    const particulars = {
      legalName: 'NetKart Technologies Private Limited',
      gstin: ' 27aahcn4821k1z8 ',
      invoicePrefix: 'nkt',
      grievanceOfficer: {
        name: 'Arjun Mehta',
        designation: 'Nodal Officer',
        email: 'grievance@netkart.in',
        phone: '+91 22 4000 5555',
      },
    };
    const result = await store('info', 'set', '--file', cli.files.write('seller.json', JSON.stringify(particulars)));
    expect(result).toMatchObject({ code: 0, stderr: '' });
    let info = await storeInfoAt('localhost');
    expect(info).toMatchObject({
      ...particulars,
      gstin: '27AAHCN4821K1Z8',
      gstState: { code: '27', name: 'Maharashtra' },
      invoicePrefix: 'NKT',
    });
    expect(JSON.parse((await store('info', 'show')).stdout)).toEqual(info);

    const removal = { gstin: null, invoicePrefix: '', grievanceOfficer: null };
    expect((await store('info', 'set', '--file', cli.files.write('removal.json', JSON.stringify(removal)))).code).toBe(
      0,
    );
    info = await storeInfoAt('localhost');
    for (const field of ['gstin', 'gstState', 'invoicePrefix', 'grievanceOfficer']) {
      expect(info, field).not.toHaveProperty(field);
    }
    expect(info.legalName).toBe('NetKart Technologies Private Limited');
  });

  it("takes the merchant's search synonyms, which searches use at once, and drops them with null", async () => {
    const http = client(cli.shop.app, { host: 'localhost' });
    const titlesFor = async (words: string) => {
      const response = await http.get(`/products?q=${encodeURIComponent(words)}`);
      expect(response.statusCode).toBe(200);
      return (response.json() as { data: { title: string }[] }).data.map((product) => product.title).sort();
    };
    const searchedFor = async (words: string) => {
      const response = await http.get(`/products?q=${encodeURIComponent(words)}`);
      return (response.json() as { search?: { searchedFor?: string } }).search?.searchedFor;
    };
    // "rucksack" names no product yet: the search is for "laptop" alone, and says so.
    expect(await searchedFor('laptop rucksack')).toBe('laptop');
    expect(await titlesFor('zorbix')).toEqual([]);

    const synonyms = {
      searchSynonyms: [
        ['rucksack', 'backpack', 'sleeve'],
        ['zorbix', 'ethernet cable'],
      ],
    };
    const result = await store('info', 'set', '--file', cli.files.write('synonyms.json', JSON.stringify(synonyms)));
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain('Updated searchSynonyms of NetKart (localhost).');
    expect((await storeInfoAt('localhost')).searchSynonyms).toEqual(synonyms.searchSynonyms);
    expect(await titlesFor('laptop rucksack')).toEqual(['Anti-Theft Laptop Backpack', 'Neoprene Laptop Sleeve']);
    expect(await titlesFor('zorbix')).toEqual(['Cat 6 Ethernet Cable', 'Cat 8 Flat Ethernet Cable']);

    await store('info', 'set', '--file', cli.files.write('none.json', JSON.stringify({ searchSynonyms: null })));
    expect(await storeInfoAt('localhost')).not.toHaveProperty('searchSynonyms');
    expect(await titlesFor('zorbix')).toEqual([]);
    expect(await searchedFor('laptop rucksack')).toBe('laptop');
  });

  it('sets the most of one product an order may hold, which the storefront is told and orders obey', async () => {
    expect((await storeInfoAt('localhost')).maxLineQuantity).toBe(10);
    const result = await store(
      'info',
      'set',
      '--file',
      cli.files.write('cap.json', JSON.stringify({ maxLineQuantity: 4 })),
    );
    expect(result).toMatchObject({ code: 0, stdout: expect.stringContaining('Updated maxLineQuantity') });
    expect((await storeInfoAt('localhost')).maxLineQuantity).toBe(4);
    for (const bad of [0, 100, 2.5, '5']) {
      const refused = await store(
        'info',
        'set',
        '--file',
        cli.files.write('bad-cap.json', JSON.stringify({ maxLineQuantity: bad })),
      );
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('maxLineQuantity must be a whole number from 1 to 99.');
    }
    expect((await storeInfoAt('localhost')).maxLineQuantity).toBe(4);
    await store('info', 'set', '--file', cli.files.write('cap-back.json', JSON.stringify({ maxLineQuantity: 10 })));
  });

  it('changes only the fields in the file and sanitises policy HTML', async () => {
    cli.files.write(
      'policies/privacy.html',
      '<h2>Privacy</h2><p onclick="steal()">We keep your data in India.</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
    );
    const file = cli.files.write(
      'store.json',
      JSON.stringify({
        description: 'Networking gear, shipped from Bengaluru.',
        policies: { privacy: { file: 'policies/privacy.html' } },
      }),
    );
    const result = await store('info', 'set', '--file', file);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("Note: unsafe HTML was removed from the 'privacy' policy.\n");
    expect(result.stdout).toContain('Updated description, policies of NetKart (localhost).');

    const info = await storeInfoAt('localhost');
    expect(info.description).toBe('Networking gear, shipped from Bengaluru.');
    expect(info.storeName).toBe('NetKart');
    expect(info.policies.privacy).toBe('<h2>Privacy</h2><p>We keep your data in India.</p><a>x</a>');
    expect(info.policies.shipping).toContain('Shipping across India');
  });

  it('refuses invalid details with a clear reason and changes nothing', async () => {
    const before = await storeInfoAt('localhost');
    const cases: [unknown, string][] = [
      [{ companyEmail: 'not-an-email' }, 'companyEmail must be an email address.'],
      [{ companyPhone: '12345' }, 'companyPhone must have at least 10 digits.'],
      [{ storeName: '  ' }, 'storeName is required.'],
      [{ categories: ['Storage', 'storage'] }, 'categories must not repeat a name.'],
      [
        { policies: { cookies: '<p>x</p>' } },
        "policies are named terms, privacy, refund, return, shipping, about, not 'cookies'.",
      ],
      [{ policies: { terms: { file: 'nowhere.html' } } }, 'Cannot read the policy'],
      [
        { categoryImages: { Storage: 'javascript:alert(1)' } },
        'categoryImages.Storage: must be an address on this server',
      ],
      [{ storeNmae: 'Typo' }, "unknown field 'storeNmae'."],
      [{ heroTitle: 'x'.repeat(121) }, 'heroTitle must be at most 120 characters.'],
      [{ metaDescription: 42 }, 'metaDescription must be text.'],
      [{ supportHours: 'y'.repeat(101) }, 'supportHours must be at most 100 characters.'],
      [{ highlights: 'Fast shipping' }, 'highlights must be { "title": "…", "items": [ … ] }, or null for none.'],
      [{ highlights: { title: 'Why us', items: [] } }, 'highlights.items must have at least one item'],
      [
        { highlights: { title: 'Why us', items: Array.from({ length: 9 }, (_, i) => ({ title: `Item ${i}` })) } },
        'highlights can have at most 8 items.',
      ],
      [
        { highlights: { title: 'Why us', items: [{ title: 'Fast', icon: 'rocket' }] } },
        'highlights.items.0.icon: icons are named network, usb, storage,',
      ],
      [
        { highlights: { title: 'Why us', items: [{ text: 'No title' }] } },
        'highlights.items.0.title: title is required.',
      ],
      [{ highlights: { items: [{ title: 'Fast' }] } }, 'highlights.title is required.'],
      [{ highlights: { title: 'Why us', items: [{ title: 'Fast', colour: 'red' }] } }, "unknown field 'colour'."],
      [{ gstin: '29AAHCN4821K1Z' }, 'gstin has 15 characters, like 29AAGCB7383J1Z4.'],
      [{ gstin: '29AAHCN4821K1Z5' }, 'gstin 29AAHCN4821K1Z5 is mistyped: its check character does not match.'],
      [{ gstin: '42AAHCN4821K1Z4' }, 'gstin starts with a state code (01–38, 97 or 99), not 42.'],
      [{ invoicePrefix: 'NETK' }, 'invoicePrefix has 1 to 3 letters A–Z or digits'],
      [{ invoicePrefix: 'N/K' }, 'invoicePrefix has 1 to 3 letters A–Z or digits'],
      [{ legalName: 'x'.repeat(201) }, 'legalName must be at most 200 characters.'],
      [{ grievanceOfficer: 'Priya' }, 'grievanceOfficer must be { "name", "designation", "email", "phone" }'],
      [
        { grievanceOfficer: { name: 'Priya', designation: 'Officer', email: 'nope', phone: '+91 80 4718 2291' } },
        'grievanceOfficer.email must be an email address.',
      ],
      [
        { grievanceOfficer: { name: 'Priya', designation: 'Officer', email: 'g@netkart.in', phone: '123' } },
        'grievanceOfficer.phone must have at least 10 digits.',
      ],
      [
        { grievanceOfficer: { designation: 'Officer', email: 'g@netkart.in', phone: '+91 80 4718 2291' } },
        'grievanceOfficer.name is required.',
      ],
      [{ searchSynonyms: 'pendrive=thumb drive' }, 'searchSynonyms must be a list of groups'],
      [{ searchSynonyms: [['pendrive']] }, 'a synonym group needs at least two words that mean the same.'],
      [{ searchSynonyms: [['lan', 'LAN']] }, 'a synonym group must not repeat a word.'],
      [{ searchSynonyms: [['lan', '  ']] }, 'a synonym may not be empty.'],
      [{ searchSynonyms: [['lan', '--']] }, 'a synonym needs at least one letter or digit.'],
      [{ searchSynonyms: [['lan', 'x'.repeat(61)]] }, 'a synonym has at most 60 characters.'],
      [
        { searchSynonyms: Array.from({ length: 201 }, (_, i) => [`a${i}`, `b${i}`]) },
        'a store can have at most 200 synonym groups.',
      ],
    ];
    for (const [content, message] of cases) {
      const result = await store('info', 'set', '--file', cli.files.write('bad.json', JSON.stringify(content)));
      expect(result.code, JSON.stringify(content)).toBe(1);
      expect(result.stderr, JSON.stringify(content)).toContain(message);
    }
    expect((await store('info', 'set', '--file', cli.files.write('broken.json', '{"storeName":'))).stderr).toContain(
      'is not valid JSON',
    );
    expect(await storeInfoAt('localhost')).toEqual(before);
  });

  it('needs --file, or an address field', async () => {
    const result = await store('info', 'set');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Give the details in a file (info set --file store.json)');
    const unknown = await store('info', 'set', 'storeName', 'X');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("'storeName' is not an address field: give host or extra-hosts");
  });
});

describe('stores', () => {
  const complete = {
    storeName: 'LapCare',
    companyName: 'LapCare Retail LLP',
    companyAddress: '22 MG Road, Pune, Maharashtra 411001, India',
    companyEmail: 'hello@lapcare.example',
    companyPhone: '+91 20 4000 1234',
    categories: ['Laptop Accessories'],
  };

  it('adds a store for another host, which the API then serves on that host and its api. host', async () => {
    const file = cli.files.write('lapcare.json', JSON.stringify(complete));
    const result = await store('stores', 'add', '--host', 'shop.lapcare.example', '--file', file);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain('Added LapCare at shop.lapcare.example.');

    expect((await storeInfoAt('api.shop.lapcare.example')).storeName).toBe('LapCare');
    expect((await storeInfoAt('localhost:8044')).storeName).toBe('NetKart');
    const listed = await store('stores', 'list');
    expect(listed.stdout).toMatch(/localhost\s+NetKart\s+yes/);
    expect(listed.stdout).toMatch(/shop\.lapcare\.example\s+LapCare/);

    const shown = await store('--store', 'shop.lapcare.example', 'info', 'show');
    expect(JSON.parse(shown.stdout).companyName).toBe('LapCare Retail LLP');
  });

  it('refuses a taken host, an api. host, a bad host, an incomplete file and an unknown --store', async () => {
    const file = cli.files.write('lapcare.json', JSON.stringify(complete));
    expect((await store('stores', 'add', '--host', 'localhost', '--file', file)).stderr).toContain(
      "A store already has the host 'localhost'.",
    );
    expect((await store('stores', 'add', '--host', 'api.other.example', '--file', file)).stderr).toContain(
      "Give the shop's own host: 'other.example'",
    );
    expect((await store('stores', 'add', '--host', 'bad host!', '--file', file)).stderr).toContain(
      "'bad host!' is not a host name",
    );
    const partial = cli.files.write('partial.json', JSON.stringify({ storeName: 'Half' }));
    const incomplete = await store('stores', 'add', '--host', 'half.example', '--file', partial);
    expect(incomplete.code).toBe(1);
    expect(incomplete.stderr).toContain('companyName');
    const unknown = await store('--store', 'nowhere.example', 'info', 'show');
    expect(unknown).toMatchObject({ code: 1 });
    expect(unknown.stderr).toContain("No store has the host 'nowhere.example'. The stores are: localhost");
  });
});

describe('the public address', () => {
  it('sets a store’s host and extra hosts, which route requests and name its links; refuses bad and taken hosts', async () => {
    const lapcare = await store('--store', 'shop.lapcare.example', 'info', 'set', 'host', 'LapCare.in');
    expect(lapcare).toMatchObject({ code: 0, stderr: '' });
    expect(lapcare.stdout).toContain('LapCare is at https://lapcare.in. Its emails, sitemap and canonical links name');
    const extra = await store(
      '--store',
      'lapcare.in',
      'info',
      'set',
      'extra-hosts',
      'www.lapcare.in, shop.lapcare.example',
    );
    expect(extra.stdout).toContain('also answering to www.lapcare.in, shop.lapcare.example');
    for (const host of ['lapcare.in', 'www.lapcare.in', 'api.www.lapcare.in', 'shop.lapcare.example']) {
      expect((await storeInfoAt(host)).storeName, host).toBe('LapCare');
    }
    expect((await store('stores', 'list')).stdout).toMatch(
      /lapcare\.in\s+LapCare\s+\S+\s+www\.lapcare\.in, shop\.lapcare\.example/,
    );

    const refusals: [string[], string][] = [
      [['info', 'set', 'host', 'https://netkart.in/shop'], 'is an address, not a host: give only the host name'],
      [['info', 'set', 'host', 'api.netkart.in'], "Give the shop's own host: 'netkart.in'"],
      [['info', 'set', 'host', 'net_kart.in'], "'net_kart.in' is not a host name."],
      [['info', 'set', 'host', 'www.lapcare.in'], "The store LapCare already answers to 'www.lapcare.in'."],
      [['info', 'set', 'extra-hosts', 'lapcare.in'], "The store LapCare already answers to 'lapcare.in'."],
      [['info', 'set', 'extra-hosts', 'www.netkart.in:8443'], 'an extra host has no port'],
      [['info', 'set', 'host'], 'Give the value: info set host shop.example.in'],
    ];
    for (const [argv, message] of refusals) {
      const refused = await store(...argv);
      expect(refused.code, argv.join(' ')).toBe(1);
      expect(refused.stderr, argv.join(' ')).toContain(message);
      expect(refused.stderr.trim().split('\n'), argv.join(' ')).toHaveLength(1);
    }
    expect((await storeInfoAt('localhost:8044')).storeName).toBe('NetKart');

    // A trial on this machine keeps its port; its links are plain http.
    const local = await store('info', 'set', 'host', 'localhost:8044');
    expect(local.stdout).toContain('NetKart is at http://localhost:8044.');
  });
});
