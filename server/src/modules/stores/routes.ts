import type { FastifyInstance } from 'fastify';
import { toStoreInfo } from './service.js';

export async function storeRoutes(app: FastifyInstance): Promise<void> {
  app.get('/storeInfo', async (request) => toStoreInfo(request.store));
}
