import { Id, ProductListQuery } from '@store/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound, parse } from '../../http/errors.js';
import { type CatalogService, toProduct } from './service.js';

const ProductParams = z.object({ id: Id });

export async function catalogRoutes(app: FastifyInstance, { catalog }: { catalog: CatalogService }): Promise<void> {
  app.get('/products', async (request) => {
    const filters = parse(ProductListQuery, request.query);
    const { rows, total } = await catalog.list(request.store.id, filters);
    return {
      data: rows.map(toProduct),
      count: total,
      pagination: { page: filters.page, limit: filters.limit, total },
    };
  });

  app.get('/products/:id', async (request) => {
    const { id } = parse(ProductParams, request.params);
    const row = await catalog.get(request.store.id, id);
    if (!row) throw notFound('Product not found.');
    return toProduct(row);
  });
}
