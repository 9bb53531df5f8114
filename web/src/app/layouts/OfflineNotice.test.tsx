import { onlineManager, useQuery } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOT_THE_PAGES_DATA } from '@/lib/network-status';
import { fakeApi, renderPage } from '@/test/render-page';
import { OfflineGate } from './OfflineNotice';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => onlineManager.setOnline(true));
});

/** A page that shows its product once it has it, and a skeleton until then. */
function ProductShown({ beside = false }: { beside?: boolean }) {
  const product = useQuery({
    queryKey: ['gate-test', beside],
    queryFn: async () => (await (await fetch('/api/v1/products/p1')).json()) as { title: string },
    ...(beside ? { meta: NOT_THE_PAGES_DATA } : {}),
  });
  return <p>{product.data ? product.data.title : 'Loading…'}</p>;
}

const goOffline = () => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => onlineManager.setOnline(false));
};

describe('a page opened offline', () => {
  it('says at once that the shopper is offline, with Retry, and shows the page once the network is back', async () => {
    fakeApi({ 'GET /products/p1': () => [200, { title: 'USB-C Hub' }] });
    goOffline();
    renderPage(
      <OfflineGate>
        <ProductShown />
      </OfflineGate>,
      { path: '/product/p1' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'View Cart' })).toHaveAttribute('href', '/cart');
    expect(screen.getByText('Loading…')).not.toBeVisible();

    // Retry while still offline says so, and keeps the notice.
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByText('Still offline. Check your connection and try again.')).toBeVisible();

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('USB-C Hub')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'You are offline' })).toBeNull();
  });

  it('does not stand in for a page whose waiting data is only beside it (suggestions, a cart line’s stock)', async () => {
    fakeApi({});
    goOffline();
    renderPage(
      <OfflineGate>
        <ProductShown beside />
      </OfflineGate>,
      { path: '/cart' },
    );
    expect(await screen.findByText('Loading…')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'You are offline' })).toBeNull();
  });
});
