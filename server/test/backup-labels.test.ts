import fs from 'node:fs';
import path from 'node:path';
import { AdminOrder, Order } from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices, MEDIA_DIR } from '../src/app.js';
import type { CliContext } from '../src/cli/context.js';
import { run } from '../src/cli/main.js';
import { embeddedFile, migrateToLatest, openDatabase } from '../src/db/open.js';
import { DEFAULT_SERVICE_SETTINGS } from '../src/services.js';
import { addStaff, adminClient } from './admin-harness.js';
import { type ScratchFolder, scratchFolder } from './cli/cli-harness.js';
import { FakeShiprocket, PDF } from './fakes/shiprocket.js';
import { client, freshDatabase, orderableProducts, signUp, startShop, type TestShop, validAddress } from './harness.js';

let files: ScratchFolder;
let fake: FakeShiprocket;
let origin: TestShop;
const originMedia = () => path.join(files.dir, 'origin-media');
const originLabels = () => path.join(files.dir, 'origin-labels');

beforeAll(async () => {
  files = scratchFolder();
  fake = await new FakeShiprocket().start();
  origin = await startShop({
    app: { merchantMediaDir: originMedia() },
    couriers: { shiprocketApiUrl: fake.url, timeoutMs: 1000, labelsDir: originLabels() },
  });
});
afterAll(async () => {
  await origin.close();
  await fake.stop();
  files.remove();
});

/** The `store` command run in this process, on a database, a picture folder and a labels folder. */
async function store(
  where: { target: Parameters<typeof openDatabase>[0]; mediaDir: string; labelsDir: string },
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
    labelsDir: () => where.labelsDir,
  };
  const code = await run(argv, context);
  return { code, stdout, stderr };
}

describe('a backup holds the courier labels', () => {
  it('restored elsewhere, the booked order still has its label', async () => {
    await origin.services.couriers.configure(origin.storeId, 'shiprocket', {
      email: fake.account.email,
      password: fake.account.password,
      pickupLocation: 'Primary',
      webhookToken: 'whk_backup_labels_0123456789',
    });
    const { email, password } = await addStaff(origin);
    const admin = adminClient(origin.app);
    await admin.signIn(email, password);
    const [product] = await orderableProducts(origin.app, 5);
    const shopper = await signUp(origin.app);
    const order = Order.parse(
      (
        await client(origin.app, { token: shopper.token }).post('/orders', {
          products: { [product?.id ?? '']: 1 },
          shippingAddress: validAddress,
        })
      ).json(),
    );
    const read = async () => AdminOrder.parse((await admin.get(`/admin/orders/${order.id}`)).json());
    await admin.post(`/admin/orders/${order.id}/paid`, {
      updatedAt: (await read()).updatedAt,
      reference: '412345678901',
    });
    const shipped = await admin.post(`/admin/orders/${order.id}/courier`, { updatedAt: (await read()).updatedAt });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect((await read()).courierLabel).toBe(true);

    const origin_ = { target: origin.target, mediaDir: originMedia(), labelsDir: originLabels() };
    const backedUp = await store(origin_, 'backup', 'labels.tar.gz');
    expect(backedUp.stderr).toBe('');
    expect(backedUp.stdout).toMatch(/, 1 courier label\.\n$/);

    const fresh = await freshDatabase();
    const where = {
      target: fresh.target,
      mediaDir: path.join(files.dir, 'restored-media'),
      labelsDir: path.join(files.dir, 'restored-labels'),
    };
    try {
      const restored = await store(where, 'restore', 'labels.tar.gz');
      expect(restored.stderr).toBe('');
      expect(restored.stdout).toContain(`1 courier label (into ${where.labelsDir})`);
      expect(fs.readFileSync(path.join(where.labelsDir, origin.storeId, `${order.id}.pdf`)).equals(PDF)).toBe(true);

      // The restored shop finds the booking and serves its label.
      const opened = openDatabase(fresh.target);
      await migrateToLatest(opened.db, fresh.target.schema);
      try {
        const services = createServices(opened.db, {
          ...DEFAULT_SERVICE_SETTINGS,
          couriers: { shiprocketApiUrl: fake.url, timeoutMs: 1000, labelsDir: where.labelsDir },
        });
        const label = await services.couriers.label(origin.storeId, order.id);
        expect(label?.equals(PDF)).toBe(true);
      } finally {
        await opened.db.destroy();
      }

      // A second restore over it is refused without --force, naming the labels too.
      const again = await store(where, 'restore', 'labels.tar.gz');
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('already holds courier labels');
    } finally {
      await fresh.cleanup();
    }
  });
});
