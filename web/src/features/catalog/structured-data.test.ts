import { describe, expect, it } from 'vitest';
import { toStoreProduct } from './product';
import { productStructuredData } from './structured-data';

const charger = {
  id: '3fe52e09-aaaa-bbbb-cccc-000000000002',
  sku: 'CH-65',
  title: 'GaN Charger 65W',
  description: 'Three ports.',
  category: 'Chargers',
  regularPrice: 2499,
  discountedPrice: null,
  stock: 3,
  countryOfOrigin: 'China',
};

describe("a product page's structured data", () => {
  it('carries the country of origin and the BIS registration as a certification', () => {
    const [product] = productStructuredData(
      toStoreProduct({ ...charger, bisRegistration: 'R-41001234' }),
      'https://shop.example.in',
      'Shop',
    ) as Record<string, unknown>[];
    expect(product).toMatchObject({
      countryOfOrigin: 'China',
      hasCertification: {
        '@type': 'Certification',
        certificationIdentification: 'R-41001234',
        issuedBy: { '@type': 'Organization', name: 'Bureau of Indian Standards' },
      },
    });
  });

  it('claims no certification the product was not given', () => {
    const [product] = productStructuredData(toStoreProduct(charger), 'https://shop.example.in', 'Shop') as Record<
      string,
      unknown
    >[];
    expect(product).not.toHaveProperty('hasCertification');
  });
});
