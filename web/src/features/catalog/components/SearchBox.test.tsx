import type { Suggestion } from '@netkart/contract';
import { productCode } from '@netkart/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, fakeApi, renderPage } from '@/test/render-page';
import { SearchBox } from './SearchBox';

afterEach(() => vi.unstubAllGlobals());

const suggestions: Suggestion[] = [
  { kind: 'category', label: 'USB Hubs', category: 'USB Hubs' },
  { kind: 'type', label: 'Powered Hubs', parentCategory: 'Powered Hubs' },
  { kind: 'product', label: '4-Port USB 3.0 Hub', id: 'hub-4', imgUrl: '/hub.svg', price: 1299 },
];

const showSearchBox = (path = '/') => {
  const calls = fakeApi({ 'GET /products/suggest': () => [200, { suggestions }] });
  renderPage(<SearchBox />, { path, route: path.split('?')[0] });
  return { calls, box: screen.getByRole('combobox', { name: 'Search products' }) };
};

const suggestRequests = (calls: ApiCall[]) =>
  calls.filter((call) => call.route === 'GET /products/suggest').map((call) => call.url.searchParams.get('q'));

/** Types the words and waits for the list that answers them. */
async function typeAndWait(box: HTMLElement, words: string) {
  await userEvent.type(box, words);
  return screen.findByRole('listbox', { name: 'Suggestions' });
}

describe('the search box', () => {
  it('is a combobox labelled Search products, controlling a list that is closed until there is something to offer', async () => {
    const { calls, box } = showSearchBox();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveAttribute('aria-autocomplete', 'list');
    const listId = box.getAttribute('aria-controls');
    expect(listId && document.getElementById(listId)).toHaveAttribute('role', 'listbox');
    expect(screen.queryByRole('listbox')).toBeNull();

    // One letter matches too much to help: nothing is asked.
    await userEvent.type(box, 'h');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(suggestRequests(calls)).toEqual([]);
    expect(box).toHaveAttribute('aria-expanded', 'false');

    const list = await typeAndWait(box, 'ub');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(list.id).toBe(listId);
    // Asked once typing paused, not for every letter (and never for one letter).
    expect(suggestRequests(calls).at(-1)).toBe('hub');
    expect(suggestRequests(calls)).not.toContain('h');
  });

  it('is a plain GET form to /products?q=, so a search sent before the script arrives still searches', () => {
    const { box } = showSearchBox();
    const form = box.closest('form') as HTMLFormElement;
    expect(form.method).toBe('get');
    expect(new URL(form.action).pathname).toBe('/products');
    (box as HTMLInputElement).value = 'usb hub';
    expect(new URLSearchParams(new FormData(form) as unknown as string).toString()).toBe('q=usb+hub');
  });

  it('offers categories and types by name, and products with their picture and price', async () => {
    const { box } = showSearchBox();
    const list = await typeAndWait(box, 'hub');
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'USB Hubs Category',
      'Powered Hubs Type',
      '4-Port USB 3.0 Hub ₹1,299',
    ]);
    expect(options[2]?.querySelector('img')).toHaveAttribute('src', '/hub.svg');
  });

  it('moves through the list with the arrow keys, wrapping at either end', async () => {
    const { box } = showSearchBox();
    const list = await typeAndWait(box, 'hub');
    const options = within(list).getAllByRole('option');
    const activeOption = () => document.getElementById(box.getAttribute('aria-activedescendant') ?? '');
    expect(box).not.toHaveAttribute('aria-activedescendant');

    await userEvent.keyboard('{ArrowDown}');
    expect(activeOption()).toBe(options[0]);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeOption()).toBe(options[2]);
    expect(options[0]).toHaveAttribute('aria-selected', 'false');
    await userEvent.keyboard('{ArrowDown}');
    expect(activeOption()).toBe(options[0]);
    await userEvent.keyboard('{ArrowUp}');
    expect(activeOption()).toBe(options[2]);
    await userEvent.keyboard('{ArrowUp}');
    expect(activeOption()).toBe(options[1]);
    // The focus stays in the box all along.
    expect(box).toHaveFocus();
  });

  it('opens the product chosen with the keyboard', async () => {
    const { box } = showSearchBox();
    await typeAndWait(box, 'hub');
    await userEvent.keyboard('{ArrowUp}{Enter}');
    expect(await screen.findByText(`Landed on /product/4-port-usb-3-0-hub-${productCode('hub-4')}`)).toBeVisible();
  });

  it('searches for the words with Enter when no suggestion is chosen', async () => {
    const { box } = showSearchBox();
    await typeAndWait(box, '  usb hub ');
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Landed on /products?q=usb+hub')).toBeVisible();
  });

  it('does not search for nothing', async () => {
    const { box } = showSearchBox();
    await userEvent.type(box, '   {Enter}');
    expect(screen.queryByText(/Landed on/)).toBeNull();
  });

  it('closes the list with Escape, then empties the box with a second Escape', async () => {
    const { box } = showSearchBox();
    await typeAndWait(box, 'hub');
    await userEvent.keyboard('{ArrowDown}{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box).toHaveValue('hub');
    await userEvent.keyboard('{Escape}');
    expect(box).toHaveValue('');
    // Arrow down opens the list again once there is something to offer.
    await typeAndWait(box, 'hub');
    await userEvent.keyboard('{Escape}{ArrowDown}');
    expect(box).toHaveAttribute('aria-expanded', 'true');
  });

  it.each([
    ['USB Hubs Category', 'Landed on /products?category=usb+hubs'],
    ['Powered Hubs Type', 'Landed on /products?parentCategory=Powered+Hubs'],
    ['4-Port USB 3.0 Hub ₹1,299', `Landed on /product/4-port-usb-3-0-hub-${productCode('hub-4')}`],
  ])('goes where a clicked suggestion leads: %s', async (name, landed) => {
    const { box } = showSearchBox();
    const list = await typeAndWait(box, 'hub');
    await userEvent.click(within(list).getByRole('option', { name }));
    expect(await screen.findByText(landed)).toBeVisible();
  });

  it('shows the words of the search being shown, and asks for suggestions only once the box is used', async () => {
    const calls = fakeApi({ 'GET /products/suggest': () => [200, { suggestions }] });
    renderPage(<SearchBox />, { path: '/products?q=usb%20hub', route: '/products' });
    const box = screen.getByRole('combobox', { name: 'Search products' });
    expect(box).toHaveValue('usb hub');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(suggestRequests(calls)).toEqual([]);
    await userEvent.click(box);
    expect(await screen.findByRole('listbox', { name: 'Suggestions' })).toBeVisible();
    expect(suggestRequests(calls)).toEqual(['usb hub']);
  });

  it("never offers the last words' suggestions for different words", async () => {
    const dock: Suggestion = { kind: 'product', label: 'USB-C Dock', id: 'dock-1', imgUrl: '/dock.svg', price: 8999 };
    fakeApi({
      'GET /products/suggest': (_body, url) => [
        200,
        { suggestions: url.searchParams.get('q')?.startsWith('d') ? [dock] : suggestions },
      ],
    });
    renderPage(<SearchBox />, { path: '/' });
    const box = screen.getByRole('combobox', { name: 'Search products' });
    await typeAndWait(box, 'hub');
    await userEvent.clear(box);
    await userEvent.type(box, 'dock');
    expect(screen.queryByRole('option', { name: /USB Hubs/ })).toBeNull();
    expect(await screen.findByRole('option', { name: 'USB-C Dock ₹8,999' })).toBeVisible();
    expect(screen.getAllByRole('option')).toHaveLength(1);
  });
});
