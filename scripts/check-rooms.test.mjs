// The rooms checker on small planted trees: a clean one passes, and each breach is refused by its rule.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe as group, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { checkRooms, describe } from './rooms/check.mjs';

const config = {
  baseFeatures: ['auth', 'cart', 'store-info', 'orders'],
  tableOwners: { orders: 'orders', products: 'catalog', sequences: 'db/' },
  knownExceptions: [],
};

// A small shop that keeps to its rooms.
const CLEAN = {
  'server/src/app.ts':
    "import { adminRoutes } from './modules/admin/routes.js';\nimport { config } from './config.js';\n",
  'server/src/config.ts': "import type { RateLimitConfig } from './http/limits.js';\nexport const config = {};\n",
  'server/src/db/schema.ts': 'export interface Database {}\n',
  'server/src/db/migrations/0001-orders.ts':
    "import type { Kysely } from 'kysely';\nimport { helper } from './helper.js';\n",
  'server/src/db/migrations/helper.ts': 'export const helper = 1;\n',
  'server/src/shared/html.ts': "import { newId } from './ids.js';\nimport type { Database } from '../db/schema.js';\n",
  'server/src/shared/ids.ts': 'export const newId = () => 1;\n',
  'server/src/http/limits.ts':
    "import type { Database } from '../db/schema.js';\nexport interface RateLimitConfig {}\n",
  'server/src/modules/orders/service.ts': [
    "import { escapeHtml } from '../../shared/html.js';",
    "import { products } from '../catalog/service.js';",
    "export const list = (db) => db.selectFrom('orders as o').innerJoin('order_items', 'x', 'y');",
    `export const next = (sql, id) => sql\`select * from orders where id = \${id}\`;`,
    "export const mail = 'Your order from products we love';",
    '',
  ].join('\n'),
  'server/src/modules/catalog/service.ts': "export const products = (db) => db.selectFrom(['products']);\n",
  'server/src/modules/admin/routes.ts': "import { list } from '../orders/service.js';\n",
  'server/src/cli/main.ts': "import { config } from '../config.js';\nimport '../app.js';\n",
  'web/src/main.tsx': "import { App } from '@/app/router';\n",
  'web/src/app/router.tsx': "import { Cart } from '@/features/cart/api';\nexport const App = 1;\n",
  'web/src/features/cart/api.ts': "import { cn } from '@/lib/cn';\nexport const Cart = 1;\n",
  'web/src/features/checkout/page.tsx':
    "import { Cart } from '../cart/api';\nimport { Orders } from '@/features/orders/api';\n",
  'web/src/features/orders/api.ts': "import { Button } from '../../components/Button';\nexport const Orders = 1;\n",
  'web/src/features/payment/api.ts': 'export const pay = 1;\n',
  'web/src/components/Button.tsx': "import { cn } from '@/lib/cn';\nexport const Button = 1;\n",
  'web/src/lib/cn.ts': 'export const cn = 1;\n',
  'web/src/admin/main.tsx':
    "import { Button } from '@/components/Button';\nimport { Cart } from '@/features/cart/api';\n",
  // Tests may reach anywhere.
  'web/src/features/checkout/page.test.tsx': "import { pay } from '../payment/api';\n",
};

const made = [];
after(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function tree(files) {
  const root = mkdtempSync(path.join(tmpdir(), 'rooms-'));
  made.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

/** The rules that refuse the clean shop with these files added. */
function refusals(planted, overrides = {}) {
  const { problems } = checkRooms(tree({ ...CLEAN, ...planted }), { ...config, ...overrides });
  return problems;
}

// The rules refusing a planted file. An upward import also closes a ring of rooms (the lower room is
// imported by the upper one already): that ring is the same breach, told by the cycle rule.
const ruleOf = (planted) => [
  ...new Set(
    refusals(planted)
      .map((problem) => problem.rule)
      .filter((rule) => rule !== 'rooms-form-no-cycle'),
  ),
];

test('a shop that keeps to its rooms passes', () => {
  assert.deepEqual(refusals({}), []);
});

group('each breach is refused by its rule', () => {
  test('db/ importing a module', () => {
    assert.deepEqual(ruleOf({ 'server/src/db/open.ts': "import { list } from '../modules/orders/service.js';\n" }), [
      'db-and-shared-are-the-floor',
    ]);
  });
  test('shared/ importing a module', () => {
    assert.deepEqual(
      ruleOf({ 'server/src/shared/money.ts': "import { list } from '../modules/orders/service.js';\n" }),
      ['db-and-shared-are-the-floor'],
    );
  });
  test('shared/ reading config.ts', () => {
    assert.deepEqual(ruleOf({ 'server/src/shared/money.ts': "import { config } from '../config.js';\n" }), [
      'db-and-shared-are-the-floor',
    ]);
  });
  test('a migration importing live code or another package', () => {
    assert.deepEqual(
      ruleOf({
        'server/src/db/migrations/0002-products.ts': "import { products } from '../../modules/catalog/service.js';\n",
      }),
      ['migrations-are-frozen'],
    );
    assert.deepEqual(ruleOf({ 'server/src/db/migrations/0002-products.ts': "import { z } from 'zod';\n" }), [
      'migrations-are-frozen',
    ]);
  });
  test('http/ importing a module, by a static import or a dynamic one', () => {
    assert.deepEqual(
      ruleOf({ 'server/src/http/auth.ts': "import type { Store } from '../modules/orders/service.js';\n" }),
      ['http-is-below-the-modules'],
    );
    assert.deepEqual(
      ruleOf({ 'server/src/http/auth.ts': "export const load = () => import('../modules/orders/service.js');\n" }),
      ['http-is-below-the-modules'],
    );
  });
  test('http/ reading config.ts', () => {
    assert.deepEqual(ruleOf({ 'server/src/http/auth.ts': "export { config } from '../config.js';\n" }), [
      'http-is-below-the-modules',
    ]);
  });
  test('a module importing the back office', () => {
    assert.deepEqual(
      ruleOf({ 'server/src/modules/catalog/routes.ts': "import { adminRoutes } from '../admin/routes.js';\n" }),
      ['back-office-is-on-top'],
    );
  });
  test('a module importing the command line', () => {
    assert.deepEqual(ruleOf({ 'server/src/modules/catalog/routes.ts': "import '../../cli/main.js';\n" }), [
      'modules-are-below-the-entry-points',
    ]);
  });
  test('a module reading config.ts', () => {
    assert.deepEqual(
      ruleOf({ 'server/src/modules/catalog/routes.ts': "import { config } from '../../config.js';\n" }),
      ['config-is-read-at-the-top'],
    );
  });
  test('a web feature reaching another by a relative path', () => {
    assert.deepEqual(
      ruleOf({ 'web/src/features/catalog/pages/page.tsx': "import { pay } from '../../payment/api';\n" }),
      ['features-use-only-base-features'],
    );
    assert.deepEqual(ruleOf({ 'web/src/features/catalog/page.tsx': "import { pay } from '../payment/api';\n" }), [
      'features-use-only-base-features',
    ]);
  });
  test('a web feature reaching another by the alias', () => {
    assert.deepEqual(
      ruleOf({ 'web/src/features/catalog/page.tsx': "import { pay } from '@/features/payment/api';\n" }),
      ['features-use-only-base-features'],
    );
  });
  test('lib/ importing a feature', () => {
    assert.deepEqual(ruleOf({ 'web/src/lib/money.ts': "import { Cart } from '../features/cart/api';\n" }), [
      'components-and-lib-hold-no-business',
    ]);
  });
  test('the shop importing the back office', () => {
    assert.deepEqual(ruleOf({ 'web/src/features/cart/page.tsx': "import '@/admin/main';\n" }), [
      'back-office-is-its-own-bundle',
    ]);
  });
  test('two rooms importing each other', () => {
    const planted = {
      'server/src/modules/catalog/service.ts': "import { list } from '../orders/service.js';\n",
    };
    const problems = refusals(planted);
    assert.deepEqual(
      problems.map((problem) => [problem.rule, problem.key]),
      [['rooms-form-no-cycle', 'server: modules/catalog <-> modules/orders']],
    );
    assert.match(
      describe(problems[0]),
      /modules\/orders -> modules\/catalog \(server\/src\/modules\/orders\/service\.ts\)/,
    );
  });
  test('a module naming a table another owns, in a builder call or in SQL', () => {
    assert.deepEqual(
      ruleOf({ 'server/src/modules/catalog/sold.ts': "export const q = (db) => db.selectFrom('orders');\n" }),
      ['tables-have-one-owner'],
    );
    assert.deepEqual(
      ruleOf({
        'server/src/modules/catalog/sold.ts': 'export const q = (db) => db.leftJoin("orders as o", "a", "b");\n',
      }),
      ['tables-have-one-owner'],
    );
    const problems = refusals({
      'server/src/modules/orders/stock.ts': 'export const q = (sql) => sql`update products set stock = 0`;\n',
    });
    assert.deepEqual(
      problems.map((problem) => [problem.rule, problem.key]),
      [['tables-have-one-owner', 'server/src/modules/orders/stock.ts names products']],
    );
    assert.match(describe(problems[0]), /owned by catalog.*ask the catalog module's service/);
  });
});

test('each refusal names the file, the import, the rule and the room to use instead', () => {
  const [problem] = refusals({ 'server/src/http/auth.ts': "import { list } from '../modules/orders/service.js';\n" });
  assert.equal(
    describe(problem),
    'server/src/http/auth.ts imports server/src/modules/orders/service.ts: http-is-below-the-modules: ' +
      'http/ is below the modules and imports none of them; pass what it needs in from app.ts, or move the helper to shared/',
  );
});

test('a known exception is reported apart, and one that no longer happens must leave the list', () => {
  const root = tree({
    ...CLEAN,
    'server/src/modules/catalog/sold.ts': "export const q = (db) => db.selectFrom('orders');\n",
  });
  const listed = ['server/src/modules/catalog/sold.ts names orders', 'server/src/modules/catalog/gone.ts names orders'];
  const { problems, known, stale } = checkRooms(root, { ...config, knownExceptions: listed });
  assert.deepEqual(problems, []);
  assert.deepEqual(
    known.map((problem) => problem.key),
    [listed[0]],
  );
  assert.deepEqual(stale, [listed[1]]);
});

test('the real tree keeps to its rooms, but for its known exceptions', () => {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const real = JSON.parse(readFileSync(new URL('rooms.json', import.meta.url), 'utf8'));
  const { problems, stale } = checkRooms(root, real);
  assert.deepEqual(problems.map(describe), []);
  assert.deepEqual(stale, []);
});
