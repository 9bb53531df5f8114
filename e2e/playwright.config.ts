import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8190);
const baseURL = `http://localhost:${port}`;
const executablePath = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (file): file is string => Boolean(file && fs.existsSync(file)),
);
// A fresh database for every run. Workers load this file again and inherit the environment, so
// they find the same folder (the merchant journey runs the `store` command on it).
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'store-e2e-'));
  process.env.E2E_DATA_DIR_MADE = 'yes'; // removed after the run (global-teardown.ts)
}
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: './tests',
  globalTeardown: './global-teardown.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // Generous waits, not timed assertions: on a shared, busy machine a page can take seconds to answer.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  // A journey tagged @phone runs on both; one tagged @phone-only is about the phone itself (it sets a
  // phone's width), and a desktop browser at that width would only repeat it less faithfully.
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, grepInvert: /@phone-only/ },
    { name: 'phone', use: { ...devices['Pixel 7'], channel: undefined }, grep: /@phone/ },
  ],
  webServer: {
    // The production start a merchant runs: built once when the sources are newer, then plain node.
    command: 'npm start',
    cwd: '..',
    url: `${baseURL}/api/v1/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // The deployment journey reaches the shop through nginx on this machine, as the README sets it up.
      TRUST_PROXY: '127.0.0.1',
      // The journeys' demo store lives on localhost, where their emails' links are meant to point.
      ALLOW_LOCAL_LINKS: 'true',
      LOGIN_ATTEMPTS_PER_IP: '1000',
      REGISTRATIONS_PER_IP: '1000',
      SIGN_IN_CODES_PER_IP: '1000',
      // Every journey orders from the same address; the per-address cap on unpaid orders is for real shoppers.
      MAX_OPEN_ORDERS: '1000',
      MAX_OPEN_ORDERS_PER_ADDRESS: '100000',
    },
  },
});
