import type { Product } from '@netkart/contract';

/** A product as the API sends it (the fields a listing shows): a hub, in stock, with nothing to choose. */
export const API_HUB: Partial<Product> = {
  id: 'f1c1a7e2-0000-4000-8000-000000000001',
  sku: 'NK-HUB-004',
  title: '4-Port USB 3.0 Hub',
  description: 'Four ports from one cable.',
  imgUrl: '/hub.svg',
  images: [],
  category: 'USB Hubs',
  parentCategory: 'Powered Hubs',
  regularPrice: 1299,
  discountedPrice: null,
  stock: 8,
  attributes: [],
};
