import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { test } from './support';

/**
 * `npm run dev` as a contributor runs it, on ports of their own: Vite's dev server shows the shop
 * and the back office, and passes on to the API (from its sources) what the server serves itself,
 * the pictures among them.
 */
const API_PORT = Number(process.env.E2E_PORT ?? 8190) + 10;
const WEB_PORT = API_PORT + 1;
const ROOT = path.resolve(import.meta.dirname, '../..');

test.describe('npm run dev', () => {
  let dev: ChildProcess;
  let dataDir: string;
  let output = '';

  test.beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-dev-'));
    dev = spawn('npm', ['run', 'dev'], {
      cwd: ROOT,
      detached: true,
      env: { ...process.env, PORT: String(API_PORT), WEB_PORT: String(WEB_PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [dev.stdout, dev.stderr]) stream?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await expect
      .poll(
        async () => {
          const health = await fetch(`http://localhost:${WEB_PORT}/api/v1/health`).catch(() => undefined);
          return health?.status;
        },
        { timeout: 120_000, intervals: [1000] },
      )
      .toBe(200);
  });

  test.afterAll(async () => {
    // npm, the API's watcher and Vite: the whole process group goes.
    if (dev.pid) process.kill(-dev.pid, 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('shows the shop with its pictures, and the back office, on the ports it was given', async ({ page }) => {
    expect(output).toContain(`The shop: http://localhost:${WEB_PORT}/`);
    await page.goto(`http://localhost:${WEB_PORT}/`);
    const picture = page.locator('main img').first();
    await expect(picture).toBeVisible({ timeout: 60_000 });
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    // A picture copy (/pictures/…) comes from the API through Vite as it would from the built shop.
    const copy = await page.request.get(`http://localhost:${WEB_PORT}/pictures/320/products/nk-lan-001.svg.webp`);
    expect(copy.status()).toBe(200);
    expect(copy.headers()['content-type']).toBe('image/webp');

    await page.goto(`http://localhost:${WEB_PORT}/admin`);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible({ timeout: 60_000 });
    await expect(page).toHaveTitle('Sign in · Back office');
  });
});
