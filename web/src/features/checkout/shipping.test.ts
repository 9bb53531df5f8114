// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { EMPTY_SHIPPING, trimmedShipping } from './shipping';

const filled = {
  fullName: ' Asha ',
  address: '12 MG Road',
  city: 'Pune',
  state: 'Maharashtra',
  postalCode: '411001',
  phone: '9845012345',
};

describe('trimmedShipping', () => {
  it('trims a complete form', () => {
    expect(trimmedShipping(filled)?.fullName).toBe('Asha');
  });
  it.each(Object.keys(EMPTY_SHIPPING))('refuses a blank %s', (field) => {
    expect(trimmedShipping({ ...filled, [field]: '   ' })).toBeNull();
  });
});
