import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollToTop } from './ScrollToTop';

afterEach(() => vi.restoreAllMocks());

describe('ScrollToTop', () => {
  it('leaves the page the browser opened where it is, and starts each next page at the top', async () => {
    const scrolled = vi.spyOn(window, 'scrollTo');
    const router = createMemoryRouter([{ path: '*', element: <ScrollToTop /> }], { initialEntries: ['/products'] });
    render(<RouterProvider router={router} />);
    expect(scrolled).not.toHaveBeenCalled();
    await act(() => router.navigate('/product/p-1'));
    expect(scrolled).toHaveBeenCalledWith(0, 0);
    expect(scrolled).toHaveBeenCalledTimes(1);
    await act(() => router.navigate('/product/p-1?picture=2'));
    expect(scrolled).toHaveBeenCalledTimes(1);
  });
});
