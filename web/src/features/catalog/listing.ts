import type { QueryValue } from '@/lib/api-client';

export const PAGE_SIZE = 12;
export const FEATURED_COUNT = 4;
export const PARENT_CATEGORY_LOOKUP_LIMIT = 100;
/** Spec section 7: what "accessories" lists. */
export const ACCESSORIES_FILTER = 'Accessories,Personal Care,Home,null,Unisex';

export interface ListingParams {
  category?: string;
  parentCategory?: string;
  /** From the home page's Featured Products link. */
  featured?: boolean;
  page: number;
}

/** The GET /products query of a listing page (spec section 7): only non-empty filters. */
export function listingQuery({ category, parentCategory, featured, page }: ListingParams, limit = PAGE_SIZE) {
  const query: Record<string, QueryValue> = { page, limit };
  const key = category?.trim().toLowerCase();
  if (key) query.category = key;
  if (key === 'men') query.gender = 'Men';
  if (key === 'women') query.gender = 'Women';
  if (key === 'accessories') query.filter = ACCESSORIES_FILTER;
  if (parentCategory?.trim()) query.parentCategory = parentCategory.trim();
  if (featured) query.featured = 'true';
  return query;
}

const capitalise = (text: string) => text.replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());

const DEFAULT_HEADINGS: Record<string, string> = {
  men: "Men's Collection",
  women: "Women's Collection",
  accessories: 'Accessories',
  'lan adapters': 'LAN Adapters',
  'laptop accessories': 'Laptop Accessories',
};

/** The listing's heading: the chosen type, else the category's name, else All Products. */
export function listingHeading(params: ListingParams, storeCategories: string[] = []): string {
  if (params.parentCategory?.trim()) return params.parentCategory.trim();
  const key = params.category?.trim().toLowerCase();
  if (!key) return params.featured ? 'Featured Products' : 'All Products';
  const fromStore = storeCategories.find((category) => category.toLowerCase() === key);
  return DEFAULT_HEADINGS[key] ?? fromStore ?? capitalise(key);
}

export type PageItem = number | 'start-ellipsis' | 'end-ellipsis';

/** Page buttons: the current page ±2, plus the first and last pages with ellipses between. */
export function paginationWindow(current: number, total: number): PageItem[] {
  if (total <= 1) return [];
  const start = Math.max(1, current - 2);
  const end = Math.min(total, current + 2);
  const items: PageItem[] = [];
  if (start > 1) items.push(1);
  if (start > 2) items.push('start-ellipsis');
  for (let page = start; page <= end; page += 1) items.push(page);
  if (end < total - 1) items.push('end-ellipsis');
  if (end < total) items.push(total);
  return items;
}

/** 'Showing X to Y of N items'. */
export function showingText(page: number, total: number, pageSize = PAGE_SIZE): string {
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return `Showing ${from} to ${to} of ${total} items`;
}

/** A page number from the address bar: a whole number ≥ 1, else 1. */
export function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The listing a /products address asks for. */
export function listingParamsOf(search: URLSearchParams): ListingParams {
  return {
    category: search.get('category') ?? undefined,
    parentCategory: search.get('parentCategory') ?? undefined,
    featured: search.get('featured') === 'true',
    page: pageFrom(search.get('page')),
  };
}

/** The listing of a category (and of one of its types). */
export function categoryLinkOf(category: string, parentCategory?: string): string {
  const query = new URLSearchParams({ category: category.toLowerCase() });
  if (parentCategory) query.set('parentCategory', parentCategory);
  return `/products?${query.toString()}`;
}

/** A listing's one address: its filters in one order, page 1 without a page number. */
export function canonicalListingPath({ category, parentCategory, featured, page }: ListingParams): string {
  const query = new URLSearchParams();
  if (category?.trim()) query.set('category', category.trim().toLowerCase());
  if (parentCategory?.trim()) query.set('parentCategory', parentCategory.trim());
  if (featured) query.set('featured', 'true');
  if (page > 1) query.set('page', String(page));
  const search = query.toString();
  return search ? `/products?${search}` : '/products';
}
