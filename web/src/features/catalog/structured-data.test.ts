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

  it('gives the approved reviews as aggregateRating and review, and no rating a product without reviews', () => {
    const [rated] = productStructuredData(
      toStoreProduct({ ...charger, rating: { average: 4.5, count: 2 } }),
      'https://shop.example.in',
      'Shop',
      [
        {
          id: 'r1',
          productId: charger.id,
          author: 'Asha R.',
          rating: 5,
          title: 'Fast',
          text: 'Charges my laptop quickly.',
          verifiedPurchase: true,
          helpfulCount: 0,
          createdAt: '2027-01-20T10:00:00.000Z',
          reply: null,
          repliedAt: null,
        },
      ],
    ) as Record<string, unknown>[];
    expect(rated).toMatchObject({
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2, bestRating: 5 },
      review: [
        {
          '@type': 'Review',
          name: 'Fast',
          reviewBody: 'Charges my laptop quickly.',
          datePublished: '2027-01-20',
          author: { '@type': 'Person', name: 'Asha R.' },
          reviewRating: { '@type': 'Rating', ratingValue: 5 },
        },
      ],
    });
    const [unrated] = productStructuredData(
      toStoreProduct({ ...charger, rating: { average: 0, count: 0 } }),
      'https://shop.example.in',
      'Shop',
    ) as Record<string, unknown>[];
    expect(unrated).not.toHaveProperty('aggregateRating');
    expect(unrated).not.toHaveProperty('review');
  });
});
