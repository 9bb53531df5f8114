import fs from 'node:fs';
import path from 'node:path';
import { AdminProduct, UploadedPicture } from '@netkart/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, createServices, MEDIA_DIR } from '../src/app.js';
import type { CliContext } from '../src/cli/context.js';
import { run } from '../src/cli/main.js';
import { embeddedFile, migrateToLatest, openDatabase } from '../src/db/open.js';
import { addStaff, adminClient } from './admin-harness.js';
import { type ScratchFolder, scratchFolder } from './cli/cli-harness.js';
import { freshDatabase, RELAXED_LIMITS, startShop, type TestShop } from './harness.js';

let files: ScratchFolder;
let origin: TestShop;
const originMedia = () => path.join(files.dir, 'origin-media');

beforeAll(async () => {
  files = scratchFolder();
  origin = await startShop({ app: { merchantMediaDir: originMedia() } });
});
afterAll(async () => {
  await origin.close();
  files.remove();
});

/** The `store` command run in this process on a database and a picture folder, as the merchant's settings name them. */
async function store(
  where: { target: Parameters<typeof openDatabase>[0]; mediaDir: string },
  ...argv: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const context: CliContext = {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    cwd: files.dir,
    connect: async () => {
      const opened = openDatabase(where.target);
      await migrateToLatest(opened.db, where.target.schema);
      return {
        db: opened.db,
        services: createServices(opened.db),
        ...(opened.sqlite ? { sqlite: opened.sqlite } : {}),
        close: () => opened.db.destroy(),
      };
    },
    database: () => (where.target.databaseUrl ? {} : { file: embeddedFile(where.target.dataDir) }),
    mediaDirs: () => [MEDIA_DIR, where.mediaDir],
    mediaDir: () => where.mediaDir,
  };
  const code = await run(argv, context);
  return { code, stdout, stderr };
}

/** A multipart/form-data body with one file, as the back office's form sends it. */
function multipart(name: string, bytes: Buffer) {
  const boundary = '----storeboundaryBackup42';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('a backup holds the shop and its pictures', () => {
  it('restored into a fresh DATA_DIR and MEDIA_DIR, the shop serves every picture', async () => {
    const { email, password } = await addStaff(origin);
    const admin = adminClient(origin.app);
    await admin.signIn(email, password);
    const pictures: { picture: UploadedPicture; bytes: Buffer }[] = [];
    for (const colour of ['#1d4ed8', '#b91c1c']) {
      const bytes = await sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
        .png()
        .toBuffer();
      const { payload, headers } = multipart('dock.png', bytes);
      const answer = await admin.send('POST', '/admin/pictures', payload, headers);
      expect(answer.statusCode).toBe(201);
      pictures.push({ picture: UploadedPicture.parse(answer.json()), bytes });
    }
    const product = await admin.post('/admin/products', {
      product: {
        sku: 'BK-DOCK-1',
        title: 'Backed-up Dock',
        description: 'Eight ports.',
        category: 'Docks',
        parentCategory: 'USB-C',
        regularPrice: 4999,
        discountedPrice: null,
        stock: 5,
        hidden: false,
        images: pictures.map(({ picture }) => picture),
        attributes: [],
      },
    });
    expect(product.statusCode).toBe(201);
    const productId = AdminProduct.parse(product.json()).id;

    const backedUp = await store({ target: origin.target, mediaDir: originMedia() }, 'backup', 'shop.tar.gz');
    expect(backedUp.stderr).toBe('');
    expect(backedUp.stdout).toMatch(/, 45 products, 2 pictures\.\n$/);

    // A new machine: nothing in its DATA_DIR (or database) nor in its MEDIA_DIR.
    const fresh = await freshDatabase();
    const where = { target: fresh.target, mediaDir: path.join(files.dir, 'restored-media') };
    try {
      const restored = await store(where, 'restore', 'shop.tar.gz');
      expect(restored.stderr).toBe('');
      expect(restored.stdout).toContain('45 products and 2 pictures');

      const opened = openDatabase(fresh.target);
      await migrateToLatest(opened.db, fresh.target.schema);
      const app = await buildApp({
        db: opened.db,
        services: createServices(opened.db),
        rateLimits: RELAXED_LIMITS,
        webDistDir: '',
        trustProxy: false,
        merchantMediaDir: where.mediaDir,
      });
      try {
        const shown = (await app.inject({ method: 'GET', url: `/api/v1/products/${productId}` })).json() as {
          images: { url: string }[];
        };
        expect(shown.images.map((image) => image.url)).toEqual(pictures.map(({ picture }) => picture.url));
        for (const { picture, bytes } of pictures) {
          const served = await app.inject({ method: 'GET', url: picture.url });
          expect(served.statusCode).toBe(200);
          expect(served.rawPayload.equals(bytes)).toBe(true);
        }
      } finally {
        await app.close();
        await opened.db.destroy();
      }

      // A second restore over the restored shop is refused without --force, and names what is in the way.
      const again = await store(where, 'restore', 'shop.tar.gz');
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('already holds');
      expect(again.stderr).toContain('add --force');
    } finally {
      await fresh.cleanup();
    }
  });

  it('refuses to back up a DATA_DIR that holds no shop, in one line naming it, and writes nothing', async () => {
    const empty = path.join(files.dir, 'not-the-shop');
    fs.mkdirSync(empty);
    const refused = await store(
      { target: { databaseUrl: undefined, dataDir: empty }, mediaDir: path.join(empty, 'media') },
      'backup',
      'empty.tar.gz',
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `Error: DATA_DIR (${empty}) holds no shop: there is no store in store.sqlite there. Set DATA_DIR to the shop's folder.\n`,
    );
    expect(fs.existsSync(path.join(files.dir, 'empty.tar.gz'))).toBe(false);
    expect(fs.readdirSync(empty)).toEqual([]);
  });

  it('refuses a file that is not a backup, with the reason', async () => {
    const notes = files.write('notes.tar.gz', 'these are my notes');
    const where = {
      target: { databaseUrl: undefined, dataDir: path.join(files.dir, 'x') },
      mediaDir: path.join(files.dir, 'x-media'),
    };
    const refused = await store(where, 'restore', notes);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('is not a usable backup');
  });
});
