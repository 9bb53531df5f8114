import type { AdminProduct } from '@netkart/contract';
import { screen } from '@testing-library/react';
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
      { data: [], total: 0, page: 1, limit: 1, categories: ['Cables'], lowStockThreshold: 5 },
    ],
    ...extra,
  });
}

describe("the product form's parcel weight and size", () => {
  it('shows them, refuses a weight that is no whole number beside its field, and saves them', async () => {
    const calls = api(anAdminProduct({ weightGrams: 150, lengthCm: 12, breadthCm: 8, heightCm: 4 }), {
      'PUT /admin/products/p1': (body) => [200, { ...anAdminProduct(), ...(body as { product: object }).product }],
    });
    renderAdmin('/admin/products/p1');
    const weight = await screen.findByLabelText('Weight (g)');
    expect(weight).toHaveValue('150');
    expect(screen.getByLabelText('Length (cm)')).toHaveValue('12');

    await userEvent.clear(weight);
    await userEvent.type(weight, '150.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expectVisibleText('weightGrams must be a whole number of grams.');
    expect(weight).toHaveAccessibleDescription(expect.stringContaining('weightGrams must be a whole number of grams.'));
    expect(calls.some((call) => call.route === 'PUT /admin/products/p1')).toBe(false);

    await userEvent.clear(weight);
    await userEvent.type(weight, '1,200');
    await userEvent.clear(screen.getByLabelText('Height (cm)'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expectVisibleText('USB-C Gigabit LAN Adapter saved.');
    const body = calls.find((call) => call.route === 'PUT /admin/products/p1')?.body as {
      product: Record<string, unknown>;
    };
    expect(body.product).toMatchObject({ weightGrams: 1200, lengthCm: 12, breadthCm: 8, heightCm: null });
  });
});
