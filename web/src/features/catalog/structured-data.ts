import { productPath, type Review } from '@netkart/contract';
import { categoryLinkOf } from './listing-links';
import type { StoreProduct } from './product';

/**
 * What search engines read about a product page (schema.org): the product with its offer, its
 * approved reviews' rating and the reviews shown, and where it sits.
 */
export function productStructuredData(
  product: StoreProduct,
  origin: string,
  storeName: string,
  reviews: readonly Review[] = [],
): object[] {
  const url = `${origin}${productPath(product)}`;
  const absolute = (address: string) => (/^https?:\/\//i.test(address) ? address : `${origin}${address}`);
  const pictures = product.images.length ? product.images.map((picture) => picture.url) : [product.image];
  const crumbs = [
    { name: 'Home', url: `${origin}/` },
    { name: product.category, url: `${origin}${categoryLinkOf(product.category)}` },
    ...(product.parentCategory
      ? [{ name: product.parentCategory, url: `${origin}${categoryLinkOf(product.category, product.parentCategory)}` }]
      : []),
    { name: product.name, url },
  ];
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      description: product.description,
      sku: product.sku,
      image: pictures.filter(Boolean).map(absolute),
      category: product.parentCategory ?? product.category,
      ...(product.countryOfOrigin ? { countryOfOrigin: product.countryOfOrigin } : {}),
      ...(product.bisRegistration
        ? {
            hasCertification: {
              '@type': 'Certification',
              name: 'BIS Compulsory Registration',
              certificationIdentification: product.bisRegistration,
              issuedBy: { '@type': 'Organization', name: 'Bureau of Indian Standards' },
            },
          }
        : {}),
      ...(product.rating
        ? {
            aggregateRating: {
              '@type': 'AggregateRating',
              ratingValue: product.rating.average,
              reviewCount: product.rating.count,
              bestRating: 5,
              worstRating: 1,
            },
          }
        : {}),
      ...(reviews.length
        ? {
            review: reviews.map((review) => ({
              '@type': 'Review',
              ...(review.title ? { name: review.title } : {}),
              reviewBody: review.text,
              datePublished: review.createdAt.slice(0, 10),
              author: { '@type': 'Person', name: review.author },
              reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
            })),
          }
        : {}),
      offers: {
        '@type': 'Offer',
        url,
        price: product.price.toFixed(2),
        priceCurrency: 'INR',
        availability: product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        itemCondition: 'https://schema.org/NewCondition',
        seller: { '@type': 'Organization', name: storeName },
      },
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: crumbs.map((crumb, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: crumb.name,
        item: crumb.url,
      })),
    },
  ];
}

/** A page's description for search results: its first words, about one line of a result. */
export function summaryOf(text: string, length = 160): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  if (plain.length <= length) return plain;
  const cut = plain.slice(0, length - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), length / 2))}…`;
}
