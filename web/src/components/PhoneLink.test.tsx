import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PhoneLink, telHref } from './PhoneLink';

describe('telHref', () => {
  it.each([
    ['+91 80 4567 8900', 'tel:+918045678900'],
    ['+91-98450-12345', 'tel:+919845012345'],
    ['080 4567 8900', 'tel:08045678900'],
    [' (080) 4567-8900 ', 'tel:08045678900'],
    ['1800 123 4567', 'tel:18001234567'],
    ['—', undefined],
  ])('calls %s at %s', (phone, href) => {
    expect(telHref(phone)).toBe(href);
  });
});

describe('PhoneLink', () => {
  it('shows the number as written, linked for a tap to call', () => {
    render(<PhoneLink phone="+91 80 4567 8900" />);
    expect(screen.getByRole('link', { name: '+91 80 4567 8900' })).toHaveAttribute('href', 'tel:+918045678900');
  });
});
