import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import {
  AdminProductListQuery,
  AdminProductListResponse,
  CatalogueImportReport,
  CategoryNamesResponse,
  ErrorResponse,
  PICTURE_MAX_BYTES,
  SaveProductRequest,
  SetCategoryNamesRequest,
  SetStockRequest,
  UploadedPicture,
} from '@netkart/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http/errors.js';
import { notJson, valid, withErrors } from '../../http/wire.js';
import { istDay } from '../../shared/india-time.js';
import { type AuditLog, staffActor } from '../audit/service.js';
import {
  CatalogueFileError,
  catalogueWriter,
  categoryWarnings,
  isVariantRecord,
  missingBisRegistrations,
  missingPictures,
  readCatalogueFile,
  taxWarnings,
  VariantRows,
} from '../catalog/import/index.js';
import type { CatalogService } from '../catalog/service.js';
import type { PictureCopies } from '../storefront/picture-copies.js';
import { bisCategoriesOf, toStoreInfo } from '../stores/service.js';
import { storePicture } from './pictures.js';
import type { AdminProducts } from './products.js';
import { signedInStaff } from './session.js';
import { AdminProductAnswer } from './wire.js';

export const CATALOGUE_MAX_BYTES = 50 * 1024 * 1024;

const ProductId = z.object({ id: z.string() });
/** Uploads are multipart/form-data with one file, read by uploadedFile below (no body schema). */
const UPLOAD = ['multipart/form-data'];

export interface ProductRouteOptions {
  products: AdminProducts;
  catalog: CatalogService;
  audit: AuditLog;
  /** The merchant's picture folder (MEDIA_DIR): uploads go there, and an import's /media/ pictures must be in it. */
  mediaDirs: { own?: string; all: string[] };
  pictureCopies: PictureCopies;
}

/**
 * A product as the back office reads it (its record, with its options and variants) may be sent
 * back as it is: its options and variants are taken as the request's own, when it names none.
 */
async function liftVariants(request: FastifyRequest): Promise<void> {
  const body = request.body as { product?: unknown; options?: unknown; variants?: unknown } | null;
  if (!body || typeof body !== 'object' || !body.product || typeof body.product !== 'object') return;
  const { options, variants, ...record } = body.product as { options?: unknown; variants?: unknown };
  body.product = record;
  if (body.options === undefined && options !== undefined) body.options = options;
  if (body.variants === undefined && variants !== undefined) body.variants = variants;
}

/** /api/v1/admin/products…: the catalogue, for owners and staff alike. */
export async function adminProductRoutes(app: FastifyInstance, options: ProductRouteOptions): Promise<void> {
  const { products, catalog, audit, mediaDirs, pictureCopies } = options;
  await app.register(multipart, { limits: { files: 1, fields: 5, fileSize: CATALOGUE_MAX_BYTES } });

  const api = app.withTypeProvider<ZodTypeProvider>();
  const list = { querystring: AdminProductListQuery, response: withErrors({ 200: AdminProductListResponse }) };
  api.get('/admin/products', { schema: list }, async (request) =>
    products.list(request.store, valid(request, 'query')),
  );

  // Hindi names: of categories and types, and of specifications' labels.
  for (const [path, kind] of [
    ['/admin/category-names', 'category'],
    ['/admin/specification-names', 'specification'],
  ] as const) {
    const listNames = { response: withErrors({ 200: CategoryNamesResponse }) };
    api.get(path, { schema: listNames }, async (request) => ({
      names: await catalog.listHindiNames(request.store.id, kind),
    }));
    const setNames = { body: SetCategoryNamesRequest, response: withErrors({ 200: CategoryNamesResponse }) };
    api.put(path, { schema: setNames }, async (request) => {
      await catalog.setHindiNames(request.store.id, kind, valid(request, 'body').names);
      return { names: await catalog.listHindiNames(request.store.id, kind) };
    });
  }

  const detail = { params: ProductId, response: withErrors({ 200: AdminProductAnswer }) };
  api.get('/admin/products/:id', { schema: detail }, async (request) =>
    products.detail(request.store.id, request.params.id),
  );

  const create = { body: SaveProductRequest, response: withErrors({ 201: AdminProductAnswer }) };
  api.post('/admin/products', { schema: create, preValidation: liftVariants }, async (request, reply) => {
    const { product, options, variants } = valid(request, 'body');
    const created = await products.create(
      request.store.id,
      product,
      signedInStaff(request).row,
      options && variants ? { options, variants } : undefined,
    );
    return reply.code(201).send(created);
  });

  const update = { params: ProductId, body: SaveProductRequest, response: withErrors({ 200: AdminProductAnswer }) };
  api.put('/admin/products/:id', { schema: update, preValidation: liftVariants }, async (request) => {
    const input = valid(request, 'body');
    if (!input.updatedAt) throw new HttpError(400, 'updatedAt is required.', {}, 'updatedAt');
    return products.update(request.store.id, request.params.id, input, signedInStaff(request).row);
  });

  const stock = { params: ProductId, body: SetStockRequest, response: withErrors({ 200: AdminProductAnswer }) };
  api.post('/admin/products/:id/stock', { schema: stock }, async (request) =>
    products.setStock(request.store.id, request.params.id, valid(request, 'body'), signedInStaff(request).row),
  );

  const picture = {
    description: 'A picture (PNG, JPEG, WebP or AVIF, at most 5 MB) as the one file of a multipart/form-data body.',
    consumes: UPLOAD,
    response: withErrors({ 201: UploadedPicture }),
  };
  api.post('/admin/pictures', { schema: picture }, async (request, reply) => {
    if (!mediaDirs.own) throw new HttpError(503, 'This shop has no picture folder (MEDIA_DIR) to keep uploads in.');
    const { bytes } = await uploadedFile(request, PICTURE_MAX_BYTES, 'The picture is larger than 5 MB.');
    const picture = await storePicture(bytes, mediaDirs.own);
    pictureCopies.prepare(picture);
    return reply.code(201).send(picture);
  });

  // The same checks and the same all-or-nothing write as `store products import`, with its report.
  const importing = {
    description: 'A catalogue file (.csv or .json, at most 50 MB) as the one file of a multipart/form-data body.',
    consumes: UPLOAD,
    // Read as it comes: only `true` asks for a dry run.
    querystring: z.looseObject({
      dryRun: z.unknown().optional().describe("'true': check the file and report what would change, writing nothing"),
    }),
    response: withErrors({ 200: CatalogueImportReport, 400: CatalogueImportReport.or(ErrorResponse) }),
  };
  api.post('/admin/products/import', { schema: importing }, async (request, reply) => {
    const dryRun = valid(request, 'query').dryRun === 'true';
    const file = await uploadedFile(request, CATALOGUE_MAX_BYTES, 'The catalogue file is larger than 50 MB.');
    const report = await importCatalogue(request, file, dryRun);
    if (!report.written && !dryRun) return reply.code(400).send(report);
    if (report.written) {
      await audit.recordNow({
        storeId: request.store.id,
        actor: staffActor(signedInStaff(request).row),
        action: 'product.import',
        subject: `catalogue:${report.fileName}`,
        after: { created: report.created, updated: report.updated, unchanged: report.unchanged },
      });
    }
    return reply.send(report);
  });

  const exportCsv = { response: withErrors({ 200: notJson('text/csv', 'The whole catalogue, as CSV') }) };
  api.get('/admin/products/export.csv', { schema: exportCsv }, async (request, reply) => {
    await audit.recordNow({
      storeId: request.store.id,
      actor: staffActor(signedInStaff(request).row),
      action: 'catalogue.export',
      subject: 'catalogue',
      after: { format: 'csv' },
    });
    const writer = catalogueWriter('csv');
    const batches = catalog.recordsInBatches(request.store.id);
    async function* csv() {
      // The byte-order mark tells Excel the file is UTF-8 (Hindi titles, ₹).
      yield `\uFEFF${writer.start()}`;
      for await (const { records } of batches) yield writer.records(records);
      yield writer.end();
    }
    const day = istDay(Date.now());
    // A stream, written as it is (the schema above only describes it).
    const file: FastifyReply = reply;
    return file
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="catalogue-${request.store.host}-${day}.csv"`)
      .send(Readable.from(csv()));
  });

  async function importCatalogue(request: FastifyRequest, file: UploadedFile, dryRun: boolean) {
    const extension = path.extname(file.name).toLowerCase();
    if (extension !== '.csv' && extension !== '.json') {
      throw new HttpError(400, 'A catalogue is a .csv or .json file.', {}, 'file');
    }
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-'));
    const saved = path.join(folder, `upload${extension}`);
    try {
      fs.writeFileSync(saved, file.bytes);
      const read = await readCatalogueFile(saved).catch((error: unknown) => {
        if (error instanceof CatalogueFileError) throw new HttpError(400, error.message, {}, 'file');
        throw error;
      });
      const pictureProblems = [
        ...missingPictures(read, mediaDirs.all),
        ...missingBisRegistrations(
          { records: read.records.filter((entry) => !isVariantRecord(entry.record)) },
          bisCategoriesOf(request.store),
        ),
      ];
      const badLines = new Set(pictureProblems.map((problem) => problem.line));
      // Variants' rows are written with their product once the products are in (variant-rows.ts).
      const variantRows = new VariantRows();
      for (const entry of read.records) {
        if (isVariantRecord(entry.record)) variantRows.addVariant(entry.line, entry.record);
        else variantRows.addProduct(entry.line, entry.record.sku);
      }
      const variants = variantRows.groups();
      const records = read.records.filter((entry) => !badLines.has(entry.line) && !isVariantRecord(entry.record));
      const problems = [
        ...read.problems,
        ...pictureProblems,
        ...variantRows.problems(),
        ...(await catalog.variantProblems(request.store.id, variants)),
      ].sort((a, b) => a.line - b.line);
      const known = [...toStoreInfo(request.store).categories, ...(await catalog.categories(request.store.id))];
      const warnings = [
        ...read.warnings,
        ...categoryWarnings({ ...read, records }, known),
        ...taxWarnings({ records }, request.store.gstin),
      ];
      const report: CatalogueImportReport = {
        fileName: file.name,
        rows: read.records.length + read.problems.length,
        problems,
        warnings,
        created: 0,
        updated: 0,
        unchanged: 0,
        changes: [],
        written: false,
      };
      if (problems.length > 0 || records.length === 0) {
        if (records.length === 0 && problems.length === 0) {
          report.problems = [{ line: 0, message: 'The file holds no products.' }];
        }
        return report;
      }
      const result = await catalog.importMany(
        request.store.id,
        records.map((entry) => entry.record),
        { dryRun },
      );
      if (!dryRun && variants.length) await catalog.importVariants(request.store.id, variants);
      return {
        ...report,
        created: result.created,
        updated: result.updated,
        unchanged: result.unchanged,
        changes: result.changes ?? [],
        written: !dryRun,
      };
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  }
}

interface UploadedFile {
  name: string;
  bytes: Buffer;
}

/** The one file of a multipart upload, refused past `maxBytes` (nothing of it is kept). */
async function uploadedFile(request: FastifyRequest, maxBytes: number, tooLarge: string): Promise<UploadedFile> {
  if (!request.isMultipart()) throw new HttpError(400, 'Send the file as multipart/form-data.', {}, 'file');
  const part = await request.file({ limits: { fileSize: maxBytes } });
  if (!part) throw new HttpError(400, 'Choose a file to upload.', {}, 'file');
  try {
    return { name: part.filename, bytes: await part.toBuffer() };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, tooLarge, {}, 'file');
    throw error;
  }
}
