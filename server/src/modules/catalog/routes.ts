import {
  ATTRIBUTE_FILTER_LIMITS,
  ATTRIBUTE_FILTER_PREFIX,
  CategoriesQuery,
  CategoriesResponse,
  Id,
  OPTION_FILTER_PREFIX,
  Product,
  ProductListQuery,
  ProductListResponse,
  ProductQuery,
  SuggestQuery,
  SuggestResponse,
} from '@netkart/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SAME_FOR_EVERY_SHOPPER } from '../../http/conditional-get.js';
import { HttpError, notFound } from '../../http/errors.js';
import { describeRoutes, valid, withErrors } from '../../http/wire.js';
import { searchSynonymsOf } from '../stores/service.js';
import { facetsIn, specificationsIn } from './language.js';
import { toProduct } from './product-row.js';
import type { CatalogService } from './service.js';
import { optionsOf, toWireVariants } from './variants.js';

const ProductParams = z.object({ id: Id });

/**
 * The listing's query: its named filters, and any number of `attr.<specification>=<value>` keys
 * (repeatable), which pass through the schema and are read by attributeFilters below.
 */
const ListingQuery = ProductListQuery.loose();

/** At most this many specification filters, and values of each: more is no shopper's choice. */
const {
  names: ATTRIBUTE_FILTERS_MAX,
  values: ATTRIBUTE_VALUES_MAX,
  length: ATTRIBUTE_TEXT_MAX,
} = ATTRIBUTE_FILTER_LIMITS;

/**
 * `attr.Speed=2.5&attr.Speed=10&attr.Ports=4` as Speed: [2.5, 10] and Ports: [4], names and values
 * lower-cased; with `option.` the variant options' filters (`option.Colour=Olive`) the same way.
 */
function attributeFilters(
  query: Record<string, unknown>,
  prefix = ATTRIBUTE_FILTER_PREFIX,
  what = 'specification',
): Map<string, string[]> {
  const filters = new Map<string, string[]>();
  for (const [key, raw] of Object.entries(query)) {
    if (!key.startsWith(prefix)) continue;
    const name = key.slice(prefix.length).trim().toLowerCase();
    const values = (Array.isArray(raw) ? raw : [raw])
      .map((value) => String(value).trim().toLowerCase())
      .filter((value) => value !== '');
    if (!name || name.length > ATTRIBUTE_TEXT_MAX || values.some((value) => value.length > ATTRIBUTE_TEXT_MAX))
      throw new HttpError(
        400,
        `${key} must name a ${what} and its values, each at most ${ATTRIBUTE_TEXT_MAX} characters.`,
      );
    if (values.length > ATTRIBUTE_VALUES_MAX)
      throw new HttpError(400, `${key} may be given at most ${ATTRIBUTE_VALUES_MAX} times.`);
    if (values.length) filters.set(name, [...new Set([...(filters.get(name) ?? []), ...values])]);
  }
  if (filters.size > ATTRIBUTE_FILTERS_MAX)
    throw new HttpError(400, `At most ${ATTRIBUTE_FILTERS_MAX} ${what}s can filter one listing.`);
  return filters;
}

export async function catalogRoutes(app: FastifyInstance, { catalog }: { catalog: CatalogService }): Promise<void> {
  describeRoutes(app, { tag: 'catalogue' });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const listing = { querystring: ListingQuery, response: withErrors({ 200: ProductListResponse }) };
  api.get('/products', { ...SAME_FOR_EVERY_SHOPPER, schema: listing }, async (request) => {
    const { lang = 'en', ...filters } = valid(request, 'query');
    const { rows, total, facets, search } = await catalog.list(
      request.store.id,
      {
        ...filters,
        attributes: attributeFilters(filters),
        options: attributeFilters(filters, OPTION_FILTER_PREFIX, 'variant option'),
      },
      { synonyms: () => searchSynonymsOf(request.store), catalogVersion: request.store.catalog_version },
    );
    const names = await catalog.hindiNames(request.store.id, lang);
    const varied = await catalog.pricesVaryAmong(
      request.store.id,
      rows.map((row) => row.id),
    );
    return {
      data: rows.map((row) => {
        // A product with options says so (its card opens its page to choose) and, when its variants' prices differ, "from".
        const options = optionsOf(row);
        return {
          ...specificationsIn(toProduct(row, lang), names),
          ...(options.length ? { options } : {}),
          ...(varied.has(row.id) ? { priceFrom: true } : {}),
        };
      }),
      count: total,
      pagination: { page: filters.page, limit: filters.limit, total },
      facets: facetsIn(facets, names, lang),
      ...(search ? { search } : {}),
    };
  });

  const suggest = { querystring: SuggestQuery, response: withErrors({ 200: SuggestResponse }) };
  api.get('/products/suggest', { ...SAME_FOR_EVERY_SHOPPER, schema: suggest }, async (request) => {
    const { q, lang = 'en' } = valid(request, 'query');
    return {
      suggestions: q ? await catalog.suggest(request.store.id, q, lang, searchSynonymsOf(request.store)) : [],
    };
  });

  const product = { params: ProductParams, querystring: ProductQuery, response: withErrors({ 200: Product }) };
  api.get('/products/:id', { ...SAME_FOR_EVERY_SHOPPER, schema: product }, async (request) => {
    const { id } = valid(request, 'params');
    const { lang = 'en' } = valid(request, 'query');
    const row = await catalog.get(request.store.id, id);
    if (!row) throw notFound('Product not found.');
    const { options, variants } = toWireVariants(row, await catalog.variantsOf(request.store.id, row.id));
    const priceFrom = new Set(variants.map((variant) => variant.price)).size > 1;
    return {
      ...specificationsIn(toProduct(row, lang), await catalog.hindiNames(request.store.id, lang)),
      options,
      variants,
      ...(priceFrom ? { priceFrom } : {}),
    };
  });

  const categories = { querystring: CategoriesQuery, response: withErrors({ 200: CategoriesResponse }) };
  api.get('/categories', { ...SAME_FOR_EVERY_SHOPPER, schema: categories }, async (request) => {
    const { lang = 'en' } = valid(request, 'query');
    return catalog.shownCategories(request.store.id, lang);
  });
}
