import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextInSequence } from '../src/db/sequences.js';
import { startShop, type TestShop } from './harness.js';

let shop: TestShop;
let storeId: string;
beforeAll(async () => {
  shop = await startShop();
  storeId = (await shop.db.selectFrom('stores').select('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => shop.close());

const draw = (name: string) => shop.db.transaction().execute((trx) => nextInSequence(trx, storeId, name));

describe('a store’s sequences', () => {
  it('count from 1, each name on its own', async () => {
    expect(await draw('test-a')).toBe(1);
    expect(await draw('test-a')).toBe(2);
    expect(await draw('test-b')).toBe(1);
  });

  it('hand each number out once when many ask at the same time', async () => {
    const numbers = await Promise.all(Array.from({ length: 20 }, () => draw('test-many')));
    expect(new Set(numbers).size).toBe(20);
    expect(Math.max(...numbers)).toBe(20);
  });

  it('take back nothing a rolled-back transaction drew: the next caller gets that number', async () => {
    await draw('test-rollback');
    await expect(
      shop.db.transaction().execute(async (trx) => {
        await nextInSequence(trx, storeId, 'test-rollback');
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await draw('test-rollback')).toBe(2);
  });
});
