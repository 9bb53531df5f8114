import { describe, expect, it } from 'vitest';
import { KeptPerCatalogueVersion } from '../src/modules/catalog/catalog-version.js';

describe('counts kept per catalogue version', () => {
  it('counts once for every request that asks while it is being counted, and again at a new version', async () => {
    const kept = new KeptPerCatalogueVersion<{ total: number }>(10);
    let counts = 0;
    const count = async () => {
      counts += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { total: 42 };
    };
    const answers = await Promise.all(Array.from({ length: 5 }, () => kept.get('store', 1, ['all'], count)));
    expect(answers).toEqual(Array(5).fill({ total: 42 }));
    expect(counts).toBe(1);
    await kept.get('store', 2, ['all'], count);
    await kept.get('other-store', 2, ['all'], count);
    expect(counts).toBe(3);
  });

  it('asks again after a count that failed, instead of keeping the failure', async () => {
    const kept = new KeptPerCatalogueVersion<{ total: number }>(10);
    await expect(kept.get('store', 1, 'q', () => Promise.reject(new Error('database gone')))).rejects.toThrow(
      'database gone',
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await kept.get('store', 1, 'q', async () => ({ total: 7 }))).toEqual({ total: 7 });
  });
});
