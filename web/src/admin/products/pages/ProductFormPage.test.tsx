import { type AdminProduct, PICTURE_MAX_BYTES, STALE_PRODUCT } from '@netkart/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectVisibleText } from '@/test/visible';
import { type Answer, anAdminProduct, aSession, fakeApi, renderAdmin } from '../../test/render-admin';

afterEach(() => vi.unstubAllGlobals());

function api(product: AdminProduct, extra: Record<string, (body: unknown) => Answer> = {}) {
  return fakeApi({
    'GET /admin/session': () => [200, aSession()],
    'GET /admin/products/p1': () => [200, product],
    'GET /admin/products': () => [
      200,
      { data: [], total: 0, page: 1, limit: 1, categories: ['Cables', 'LAN Adapters'], lowStockThreshold: 5 },
    ],
    ...extra,
  });
}

const saves = (calls: ReturnType<typeof api>) =>
  calls.filter((call) => call.route.startsWith('PUT') || call.route.startsWith('POST'));

describe('the product form', () => {
  it('shows the product, and saves an edit with the version and stock it was made on', async () => {
    const saved = anAdminProduct({ regularPrice: 1599, updatedAt: '2026-11-21T10:00:00.000Z' });
    const calls = api(anAdminProduct(), { 'PUT /admin/products/p1': () => [200, saved] });
    renderAdmin('/admin/products/p1');
    const price = await screen.findByLabelText(/Regular price/);
    expect(price).toHaveValue('1499');
    expect(screen.getByLabelText(/Title/)).toHaveValue('USB-C Gigabit LAN Adapter');
    expect(screen.getByLabelText('Name 1')).toHaveValue('Colour');
    expect(screen.getByLabelText('Values 1')).toHaveValue('Black, Silver');
    expect(document.title).toBe('USB-C Gigabit LAN Adapter · Back office');

    await userEvent.clear(price);
    await userEvent.type(price, '1599');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expectVisibleText('USB-C Gigabit LAN Adapter saved.');
    const body = calls.find((call) => call.route === 'PUT /admin/products/p1')?.body as {
      product: Record<string, unknown>;
      updatedAt: string;
      stockSeen: number;
    };
    expect(body.updatedAt).toBe('2026-11-20T10:00:00.000Z');
    expect(body.stockSeen).toBe(12);
    expect(body.product).toMatchObject({
      sku: 'LAN-USBC-1G',
      regularPrice: 1599,
      discountedPrice: 1299,
      stock: 12,
      attributes: [{ key: 'Colour', value: ['Black', 'Silver'], metricUnit: null }],
      images: [{ url: '/media/lan-adapter.webp', width: 800, height: 800 }],
    });
    // The form shows what the server saved.
    await waitFor(() => expect(screen.getByLabelText(/Regular price/)).toHaveValue('1599'));
  });

  it('shows the Hindi name and description, and saves a changed one', async () => {
    const product = anAdminProduct({ titleHi: 'USB-C गीगाबिट LAN एडेप्टर', descriptionHi: null });
    const calls = api(product, { 'PUT /admin/products/p1': () => [200, product] });
    renderAdmin('/admin/products/p1');
    const hindiName = await screen.findByLabelText(/Hindi name/);
    expect(hindiName).toHaveValue('USB-C गीगाबिट LAN एडेप्टर');
    expect(hindiName).toHaveAttribute('lang', 'hi');
    expect(screen.getByLabelText(/Hindi description/)).toHaveValue('');
    await userEvent.type(screen.getByLabelText(/Hindi description/), 'लैपटॉप के लिए वायर्ड इंटरनेट।');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expectVisibleText('USB-C Gigabit LAN Adapter saved.');
    const body = calls.find((call) => call.route === 'PUT /admin/products/p1')?.body as {
      product: Record<string, unknown>;
    };
    expect(body.product).toMatchObject({
      titleHi: 'USB-C गीगाबिट LAN एडेप्टर',
      descriptionHi: 'लैपटॉप के लिए वायर्ड इंटरनेट।',
    });
  });

  it('refuses a discount above the price in the browser', async () => {
    const calls = api(anAdminProduct());
    renderAdmin('/admin/products/p1');
    const discount = await screen.findByLabelText(/Discounted price/);
    await userEvent.clear(discount);
    await userEvent.type(discount, '1999');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expectVisibleText('discountedPrice cannot be more than regularPrice.');
    expect(discount).toHaveAccessibleDescription(/discountedPrice cannot be more than regularPrice./);
    expect(saves(calls)).toEqual([]);
  });

  it('shows the server’s product.discountedPrice refusal beside Discounted price', async () => {
    api(anAdminProduct(), {
      'PUT /admin/products/p1': () => [
        400,
        { error: 'discountedPrice can have at most 2 decimals (paise).', field: 'product.discountedPrice' },
      ],
    });
    renderAdmin('/admin/products/p1');
    const discount = await screen.findByLabelText(/Discounted price/);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expectVisibleText('discountedPrice can have at most 2 decimals (paise).');
    expect(discount).toHaveAccessibleDescription(/at most 2 decimals/);
  });

  it('says when the product changed meanwhile, and reloads it', async () => {
    let reads = 0;
    fakeApi({
      'GET /admin/session': () => [200, aSession()],
      'GET /admin/products/p1': () => {
        reads += 1;
        return [
          200,
          anAdminProduct(reads > 1 ? { title: 'Renamed adapter', updatedAt: '2026-11-22T10:00:00.000Z' } : {}),
        ];
      },
      'GET /admin/products': () => [
        200,
        { data: [], total: 0, page: 1, limit: 1, categories: [], lowStockThreshold: 5 },
      ],
      'PUT /admin/products/p1': () => [409, { error: STALE_PRODUCT }],
    });
    renderAdmin('/admin/products/p1');
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    const alert = await screen.findByText(STALE_PRODUCT);
    await userEvent.click(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Reload' }),
    );
    await waitFor(() => expect(screen.getByLabelText(/Title/)).toHaveValue('Renamed adapter'));
    expect(screen.queryByText(STALE_PRODUCT)).toBeNull();
  });

  it('checks a picture’s type and size before uploading it, and adds an uploaded one', async () => {
    const calls = api(anAdminProduct({ images: [] }), {
      'POST /admin/pictures': () => [201, { url: '/media/uploads/abc.webp', width: 1200, height: 900 }],
    });
    renderAdmin('/admin/products/p1');
    const input = await screen.findByLabelText('Add a picture');
    await userEvent.upload(input, new File(['GIF89a'], 'spinner.gif', { type: 'image/gif' }), { applyAccept: false });
    await expectVisibleText('A picture is a PNG, JPEG, WebP or AVIF file.');

    const huge = new File([new Uint8Array(PICTURE_MAX_BYTES + 1)], 'huge.png', { type: 'image/png' });
    await userEvent.upload(input, huge);
    await expectVisibleText('The picture is larger than 5 MB.');
    expect(calls.filter((call) => call.route === 'POST /admin/pictures')).toEqual([]);

    await userEvent.upload(input, new File(['webp'], 'adapter.webp', { type: 'image/webp' }));
    expect(await screen.findByRole('img', { name: 'Number 1, the main one' })).toHaveAttribute(
      'src',
      '/media/uploads/abc.webp',
    );
    const [, init] = vi.mocked(fetch).mock.calls.find(([url]) => String(url).endsWith('/pictures')) ?? [];
    expect(init?.body).toBeInstanceOf(FormData);
    expect((init?.body as FormData | undefined)?.get('file')).toBeInstanceOf(File);
  });

  it('shows the server’s picture refusal', async () => {
    api(anAdminProduct({ images: [] }), {
      'POST /admin/pictures': () => [
        400,
        { error: 'This file is not a PNG, JPEG, WebP or AVIF picture.', field: 'file' },
      ],
    });
    renderAdmin('/admin/products/p1');
    await userEvent.upload(
      await screen.findByLabelText('Add a picture'),
      new File(['not really'], 'fake.png', { type: 'image/png' }),
    );
    await expectVisibleText('This file is not a PNG, JPEG, WebP or AVIF picture.');
  });

  it('creates a new product and opens it', async () => {
    const created = anAdminProduct({ id: 'p9', title: 'Fibre Patch Cord', sku: 'FIB-1', images: [], attributes: [] });
    const calls = api(anAdminProduct(), {
      'POST /admin/products': () => [201, created],
      'GET /admin/products/p9': () => [200, created],
    });
    const { router } = renderAdmin('/admin/products/new');
    expect(await screen.findByRole('heading', { name: 'New product' })).toBeVisible();
    await userEvent.type(screen.getByLabelText(/Title/), 'Fibre Patch Cord');
    await userEvent.type(screen.getByLabelText(/SKU/), 'FIB-1');
    await userEvent.type(screen.getByLabelText(/Category/), 'Cables');
    await userEvent.type(screen.getByLabelText(/Regular price/), '799');
    await userEvent.click(screen.getByRole('button', { name: 'Add sizes' }));
    await userEvent.type(screen.getByLabelText('Values 1'), '1 m, 2 m');
    await userEvent.type(screen.getByLabelText(/HSN code/), '85447090');
    await userEvent.selectOptions(screen.getByLabelText(/GST rate/), '18%');
    await userEvent.type(screen.getByLabelText(/MRP/), '999');
    await userEvent.type(screen.getByLabelText(/Country of origin/), 'taiwan');
    await userEvent.type(screen.getByLabelText(/Manufacturer/), 'Formosa Connect Corp., Taipei');
    await userEvent.type(screen.getByLabelText(/Net quantity/), '1 N');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Goods made abroad name their importer: the form says so beside the field, and sends nothing.
    expect(await screen.findByText(/importer is required for goods made outside India/)).toBeVisible();
    expect(calls.some((call) => call.route === 'POST /admin/products')).toBe(false);
    await userEvent.type(screen.getByLabelText(/Importer/), 'NetKart Technologies Private Limited, Bengaluru');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/products/p9'));
    expect(calls.find((call) => call.route === 'POST /admin/products')?.body).toEqual({
      product: {
        sku: 'FIB-1',
        title: 'Fibre Patch Cord',
        description: '',
        // Left blank: the Hindi pages show the English texts.
        titleHi: null,
        descriptionHi: null,
        category: 'Cables',
        parentCategory: null,
        gender: null,
        regularPrice: 799,
        discountedPrice: null,
        stock: 0,
        hidden: false,
        images: [],
        attributes: [{ key: 'Size', value: ['1 m', '2 m'], metricUnit: null }],
        hsn: '85447090',
        gstRate: 18,
        mrp: 999,
        countryOfOrigin: 'Taiwan',
        manufacturer: 'Formosa Connect Corp., Taipei',
        importer: 'NetKart Technologies Private Limited, Bengaluru',
        netQuantity: '1 N',
        bisRegistration: null,
        // Left blank: the store's default weight is charged.
        weightGrams: null,
        lengthCm: null,
        breadthCm: null,
        heightCm: null,
      },
    });
  });

  it('refuses an MRP below the price and an HSN code of the wrong length, beside their fields', async () => {
    api(anAdminProduct());
    renderAdmin('/admin/products/p1');
    const mrp = await screen.findByLabelText(/MRP/);
    expect(mrp).toHaveValue('1999');
    await userEvent.clear(mrp);
    await userEvent.type(mrp, '1199');
    const hsn = screen.getByLabelText(/HSN code/);
    await userEvent.clear(hsn);
    await userEvent.type(hsn, '85176');
    await userEvent.type(screen.getByLabelText(/BIS registration/), 'R-4100123');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'mrp (1199) cannot be less than the selling price (1299): no one may sell above the MRP.',
      ),
    ).toBeVisible();
    expect(screen.getByText('hsn is an HSN code of 4, 6 or 8 digits, like 8517 or 85176290.')).toBeVisible();
    expect(
      screen.getByText("bisRegistration is a BIS R-number: 'R-' followed by 8 digits, like R-41001234."),
    ).toBeVisible();
  });
});

describe('the variants table', () => {
  const withVariants = anAdminProduct({
    options: [{ name: 'Length', values: ['1 m', '2 m'] }],
    variants: [
      {
        sku: 'LAN-1M',
        options: { Length: '1 m' },
        regularPrice: 499,
        discountedPrice: null,
        mrp: 699,
        stock: 10,
        images: [],
        weightGrams: null,
        lengthCm: null,
        breadthCm: null,
        heightCm: null,
      },
      {
        sku: 'LAN-2M',
        options: { Length: '2 m' },
        regularPrice: 649,
        discountedPrice: null,
        mrp: 799,
        stock: 4,
        images: [],
        weightGrams: null,
        lengthCm: null,
        breadthCm: null,
        heightCm: null,
      },
    ],
  });

  it('shows each variant in a row, and saves a changed stock and a new variant with the product', async () => {
    const calls = api(withVariants, { 'PUT /admin/products/p1': () => [200, withVariants] });
    renderAdmin('/admin/products/p1');
    expect(await screen.findByLabelText('Option 1 name')).toHaveValue('Length');
    expect(screen.getByLabelText('Variant 2 SKU')).toHaveValue('LAN-2M');
    const stock = screen.getByLabelText('Variant 2 stock');
    expect(stock).toHaveValue('4');
    await userEvent.clear(stock);
    await userEvent.type(stock, '7');
    await userEvent.click(screen.getByRole('button', { name: 'Add variant' }));
    await userEvent.type(screen.getByLabelText('Variant 3 SKU'), 'LAN-3M');
    await userEvent.type(screen.getByLabelText('Variant 3 Length'), '3 m');
    await userEvent.type(screen.getByLabelText('Variant 3 regularPrice'), '799');
    await userEvent.clear(screen.getByLabelText('Variant 3 stock'));
    await userEvent.type(screen.getByLabelText('Variant 3 stock'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.route === 'PUT /admin/products/p1')).toBe(true));
    const body = calls.find((call) => call.route === 'PUT /admin/products/p1')?.body as {
      options: unknown;
      variants: {
        sku: string;
        options: Record<string, string>;
        regularPrice: number;
        stock: number;
        stockSeen?: number;
      }[];
    };
    expect(body.options).toEqual([{ name: 'Length', values: ['1 m', '2 m', '3 m'] }]);
    expect(
      body.variants.map(({ sku, options, regularPrice, stock }) => ({ sku, options, regularPrice, stock })),
    ).toEqual([
      { sku: 'LAN-1M', options: { Length: '1 m' }, regularPrice: 499, stock: 10 },
      { sku: 'LAN-2M', options: { Length: '2 m' }, regularPrice: 649, stock: 7 },
      { sku: 'LAN-3M', options: { Length: '3 m' }, regularPrice: 799, stock: 2 },
    ]);
    // Each loaded row names the stock it showed, so an order's move meanwhile is kept or the save refused.
    expect(body.variants[1]).toMatchObject({ stockSeen: 4 });
    expect(body.variants[2]).not.toHaveProperty('stockSeen');
  });

  it("edits each variant's pictures by URL and its parcel, keeping what it had", async () => {
    const withPicture = anAdminProduct({
      ...withVariants,
      variants: (withVariants.variants ?? []).map((variant, index) =>
        index === 0
          ? { ...variant, images: [{ url: '/media/lan-1m.jpg', width: 1200, height: 900 }], weightGrams: 80 }
          : variant,
      ),
    });
    const calls = api(withPicture, { 'PUT /admin/products/p1': () => [200, withPicture] });
    renderAdmin('/admin/products/p1');
    expect(await screen.findByLabelText('Variant 1 pictures')).toHaveValue('/media/lan-1m.jpg');
    expect(screen.getByLabelText('Variant 1 weightGrams')).toHaveValue('80');
    await userEvent.type(screen.getByLabelText('Variant 2 pictures'), '/media/lan-2m.jpg');
    await userEvent.type(screen.getByLabelText('Variant 2 weightGrams'), '120');
    await userEvent.type(screen.getByLabelText('Variant 2 lengthCm'), '20');
    await userEvent.type(screen.getByLabelText('Variant 2 breadthCm'), '12');
    await userEvent.type(screen.getByLabelText('Variant 2 heightCm'), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.route === 'PUT /admin/products/p1')).toBe(true));
    const body = calls.find((call) => call.route === 'PUT /admin/products/p1')?.body as {
      variants: Record<string, unknown>[];
    };
    expect(body.variants[0]).toMatchObject({
      images: [{ url: '/media/lan-1m.jpg', width: 1200, height: 900 }],
      weightGrams: 80,
      lengthCm: null,
    });
    expect(body.variants[1]).toMatchObject({
      images: [{ url: '/media/lan-2m.jpg', width: 800, height: 800 }],
      weightGrams: 120,
      lengthCm: 20,
      breadthCm: 12,
      heightCm: 3,
    });
  });

  it('sends no variants for a product without options', async () => {
    const calls = api(anAdminProduct(), { 'PUT /admin/products/p1': () => [200, anAdminProduct()] });
    renderAdmin('/admin/products/p1');
    await screen.findByLabelText(/Regular price/);
    expect(screen.getByRole('button', { name: 'Add option' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.route === 'PUT /admin/products/p1')).toBe(true));
    const body = calls.find((call) => call.route === 'PUT /admin/products/p1')?.body as Record<string, unknown>;
    expect(body.variants).toBeUndefined();
  });

  describe('of a product with sizes and colours and no variants', () => {
    const sleeve = anAdminProduct({
      sku: 'SLV-CANVAS',
      title: 'Canvas Laptop Sleeve',
      stock: 10,
      attributes: [
        { key: 'Size', value: ['13 inch', '15 inch'], metricUnit: null },
        { key: 'Colour', value: ['Grey', 'Olive'], metricUnit: null },
      ],
    });
    const shownRows = () =>
      within(screen.getByRole('table', { name: 'Variants made on saving' }))
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        );

    it('shows the variants a save makes, each with its SKU and share of the stock, and follows the lists as typed', async () => {
      const calls = api(sleeve, { 'PUT /admin/products/p1': () => [200, sleeve] });
      renderAdmin('/admin/products/p1');
      await screen.findByLabelText(/Regular price/);
      expect(shownRows()).toEqual([
        ['SLV-CANVAS-13INCH-GREY', '13 inch', 'Grey', '4'],
        ['SLV-CANVAS-13INCH-OLIVE', '13 inch', 'Olive', '2'],
        ['SLV-CANVAS-15INCH-GREY', '15 inch', 'Grey', '2'],
        ['SLV-CANVAS-15INCH-OLIVE', '15 inch', 'Olive', '2'],
      ]);
      await userEvent.type(screen.getByLabelText('Values 2'), ', Black');
      expect(shownRows()).toHaveLength(6);
      expect(shownRows()[2]).toEqual(['SLV-CANVAS-13INCH-BLACK', '13 inch', 'Black', '1']);
      // Saved as shown, the server makes them: the form sends no variants of its own.
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(calls.some((call) => call.route === 'PUT /admin/products/p1')).toBe(true));
      const body = calls.find((call) => call.route === 'PUT /admin/products/p1')?.body as Record<string, unknown>;
      expect(body.variants).toBeUndefined();
    });

    it('fills the table with them to edit before saving, and saves the table', async () => {
      const calls = api(sleeve, { 'PUT /admin/products/p1': () => [200, sleeve] });
      renderAdmin('/admin/products/p1');
      await screen.findByLabelText(/Regular price/);
      await userEvent.click(screen.getByRole('button', { name: 'Make variants from these sizes and colours' }));
      expect(screen.queryByRole('table', { name: 'Variants made on saving' })).toBeNull();
      expect(screen.getByLabelText('Option 1 name')).toHaveValue('Size');
      expect(screen.getByLabelText('Option 2 name')).toHaveValue('Colour');
      expect(screen.getByLabelText('Variant 4 SKU')).toHaveValue('SLV-CANVAS-15INCH-OLIVE');
      expect(screen.getByLabelText('Variant 1 regularPrice')).toHaveValue('1499');
      const olive = screen.getByLabelText('Variant 4 stock');
      expect(olive).toHaveValue('2');
      await userEvent.clear(olive);
      await userEvent.type(olive, '0');
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(calls.some((call) => call.route === 'PUT /admin/products/p1')).toBe(true));
      const body = calls.find((call) => call.route === 'PUT /admin/products/p1')?.body as {
        options: unknown;
        variants: { sku: string; options: Record<string, string>; regularPrice: number; stock: number }[];
      };
      expect(body.options).toEqual([
        { name: 'Size', values: ['13 inch', '15 inch'] },
        { name: 'Colour', values: ['Grey', 'Olive'] },
      ]);
      expect(body.variants.map(({ sku, options, regularPrice, stock }) => [sku, options, regularPrice, stock])).toEqual(
        [
          ['SLV-CANVAS-13INCH-GREY', { Size: '13 inch', Colour: 'Grey' }, 1499, 4],
          ['SLV-CANVAS-13INCH-OLIVE', { Size: '13 inch', Colour: 'Olive' }, 1499, 2],
          ['SLV-CANVAS-15INCH-GREY', { Size: '15 inch', Colour: 'Grey' }, 1499, 2],
          ['SLV-CANVAS-15INCH-OLIVE', { Size: '15 inch', Colour: 'Olive' }, 1499, 0],
        ],
      );
    });

    it('shows none for a product whose lists are not sizes or colours', async () => {
      api(anAdminProduct({ attributes: [{ key: 'Speed', value: ['1 Gbps'], metricUnit: null }] }));
      renderAdmin('/admin/products/p1');
      await screen.findByLabelText(/Regular price/);
      expect(screen.queryByRole('table', { name: 'Variants made on saving' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Make variants from these sizes and colours' })).toBeNull();
    });
  });
});
