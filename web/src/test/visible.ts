import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Waits until the text is on the page and shown. A toast's first frame is transparent (sonner fades
 * it in once mounted), so a text found on that frame is not yet what the shopper sees.
 */
export async function expectVisibleText(...query: Parameters<typeof screen.getByText>): Promise<HTMLElement> {
  return waitFor(() => {
    const element = screen.getByText(...query);
    expect(element).toBeVisible();
    return element;
  });
}
