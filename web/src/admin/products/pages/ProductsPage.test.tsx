import { type AdminProductListResponse, type CatalogueImportReport, stockMoved } from '@netkart/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectVisibleText } from '@/test/visible';
import { type Answer, aProductSummary, aSession, fakeApi, renderAdmin } from '../../test/render-admin';

afterEach(() => vi.unstubAllGlobals());

const listed = (overrides: Partial<AdminProductListResponse> = {}): AdminProductListResponse => ({
  data: [
    aProductSummary(),
    aProductSummary({
      id: 'p2',
      sku: 'CAT6-3M',
      title: 'Cat6 Cable 3 m',
      category: 'Cables',
      regularPrice: 499,
      discountedPrice: 349,
      stock: 2,
      hidden: true,
    }),
  ],
  total: 2,
  page: 1,
  limit: 25,
  categories: ['Cables', 'LAN Adapters'],
  lowStockThreshold: 5,
  ...overrides,
});

function api(extra: Record<string, (body: unknown, url: URL) => Answer> = {}) {
  return fakeApi({
    'GET /admin/session': () => [200, aSession()],
    'GET /admin/products': () => [200, listed()],
    ...extra,
  });
}

const listCalls = (calls: ReturnType<typeof api>) => calls.filter((call) => call.route === 'GET /admin/products');

describe('the products table', () => {
  it('lists each product with its price, discount, stock and hidden mark', async () => {
    api();
    renderAdmin('/admin/products');
    const table = await screen.findByRole('table', { name: 'Products' });
    expect(within(table).getByRole('link', { name: 'Cat6 Cable 3 m' })).toHaveAttribute('href', '/admin/products/p2');
    expect(within(table).getByText('CAT6-3M')).toBeVisible();
    expect(within(table).getByText('₹349')).toBeVisible();
    expect(within(table).getByText('₹499').closest('s')).not.toBeNull();
    expect(within(table).getByText('Hidden')).toBeVisible();
    expect(within(table).getByLabelText('Stock of Cat6 Cable 3 m')).toHaveValue(2);
    expect(screen.getByRole('link', { name: 'New product' })).toHaveAttribute('href', '/admin/products/new');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/v1/admin/products/export.csv',
    );
    expect(document.title).toBe('Products · Back office');
  });

  it('keeps the search and filters in the address and asks the server for them', async () => {
    const calls = api();
    const { router } = renderAdmin('/admin/products');
    await screen.findByRole('table', { name: 'Products' });

    await userEvent.type(screen.getByLabelText('Search products'), 'cat6');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.search).toBe('?q=cat6');

    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Cables');
    await userEvent.selectOptions(screen.getByLabelText('Stock'), 'Low');
    await userEvent.selectOptions(screen.getByLabelText('Shown in the shop'), 'Hidden');
    expect(router.state.location.search).toBe('?q=cat6&category=Cables&stock=low&hidden=true');
    await waitFor(() => {
      const sent = listCalls(calls).at(-1)?.url.searchParams;
      expect(sent?.get('q')).toBe('cat6');
      expect(sent?.get('category')).toBe('Cables');
      expect(sent?.get('stock')).toBe('low');
      expect(sent?.get('hidden')).toBe('true');
    });

    await userEvent.selectOptions(screen.getByLabelText('Stock'), 'Out of stock');
    expect(new URLSearchParams(router.state.location.search).get('stock')).toBe('out');
  });

  it('saves a quick stock edit with the stock it was typed over, and shows a refusal beside it', async () => {
    let stock = 12;
    const calls = api({
      'POST /admin/products/p1/stock': (body) => {
        const { stockSeen } = body as { stockSeen: number };
        if (stockSeen !== stock) return [409, { error: stockMoved(stock), field: 'stock' }];
        stock = (body as { stock: number }).stock;
        return [200, { id: 'p1', title: 'USB-C Gigabit LAN Adapter', stock }];
      },
    });
    renderAdmin('/admin/products');
    const field = await screen.findByLabelText('Stock of USB-C Gigabit LAN Adapter');
    // An order takes one meanwhile.
    stock = 11;
    await userEvent.clear(field);
    await userEvent.type(field, '20');
    await userEvent.click(screen.getByRole('button', { name: 'Save stock of USB-C Gigabit LAN Adapter' }));
    await expectVisibleText(stockMoved(11));
    expect(field).toHaveAccessibleDescription(stockMoved(11));
    expect(calls.find((call) => call.route === 'POST /admin/products/p1/stock')?.body).toEqual({
      stock: 20,
      stockSeen: 12,
    });
  });

  it('checks a catalogue file, shows its problems by line and says nothing was written', async () => {
    const report: CatalogueImportReport = {
      fileName: 'catalogue.csv',
      rows: 3,
      problems: [
        { line: 2, message: 'regularPrice must be more than 0.' },
        { line: 3, message: 'sku is required.' },
      ],
      warnings: [{ line: 4, message: "'Cabels' is a new category: is it a typo of 'Cables'?" }],
      created: 0,
      updated: 0,
      unchanged: 0,
      changes: [],
      written: false,
    };
    const calls = api({ 'POST /admin/products/import': () => [200, report] });
    renderAdmin('/admin/products');
    await userEvent.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import products' });
    const file = new File(['sku,title\n'], 'catalogue.csv', { type: 'text/csv' });
    await userEvent.upload(within(dialog).getByLabelText('Catalogue file'), file);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check' }));

    const shown = await within(dialog).findByRole('region', { name: 'Import report' });
    expect(within(shown).getByText(/2 problems in catalogue.csv: nothing was written/)).toBeVisible();
    expect(within(shown).getByText('Line 2: regularPrice must be more than 0.')).toBeVisible();
    expect(within(shown).getByText('Line 3: sku is required.')).toBeVisible();
    expect(within(shown).getByText(/Line 4: 'Cabels' is a new category/)).toBeVisible();
    const sent = calls.find((call) => call.route === 'POST /admin/products/import');
    expect(sent?.url.searchParams.get('dryRun')).toBe('true');
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
  });

  it('shows what would change, imports for real, and shows a refused import’s problems', async () => {
    const report: CatalogueImportReport = {
      fileName: 'catalogue.json',
      rows: 2,
      problems: [],
      warnings: [],
      created: 1,
      updated: 1,
      unchanged: 0,
      changes: [
        { sku: 'NEW-1', change: 'new', fields: [] },
        { sku: 'CAT6-3M', change: 'update', fields: ['regularPrice', 'stock'] },
      ],
      written: false,
    };
    api({
      'POST /admin/products/import': (_body, url) =>
        url.searchParams.get('dryRun') === 'true'
          ? [200, report]
          : [400, { ...report, problems: [{ line: 0, message: 'A picture of line 2 is not in the shop.' }] }],
    });
    renderAdmin('/admin/products');
    await userEvent.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import products' });
    await userEvent.upload(
      within(dialog).getByLabelText('Catalogue file'),
      new File(['[]'], 'catalogue.json', { type: 'application/json' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check' }));
    expect(await within(dialog).findByText(/can be imported: 1 new, 1 updated/)).toBeVisible();
    expect(within(dialog).getByText('updated: regularPrice, stock')).toBeVisible();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText(/1 problem in catalogue.json: nothing was written/)).toBeVisible();
    expect(within(dialog).getByText('A picture of line 2 is not in the shop.')).toBeVisible();
  });
});
