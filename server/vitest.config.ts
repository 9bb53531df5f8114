import { defineConfig } from 'vitest/config';

const postgresUrl = process.env.TEST_DATABASE_URL;
const shared = {
  include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
  // Password hashing is deliberately slow (scrypt at OWASP cost), and a shared machine can run three
  // to five times slower than its best (a large catalogue import then takes over 30 s): a generous
  // wait, not a timed assertion.
  testTimeout: 90_000,
  // As the browser journeys do in CI: one more try for a test that failed, so a shared machine's
  // stall does not fail the run; vitest's report still names every test that needed it.
  retry: process.env.CI ? 1 : 0,
  hookTimeout: 120_000,
  // Each file starts its own shop on its own database (harness.ts) and restores whatever it changes
  // of the process: the files share one import of the server instead of each paying for its own
  // (transforming and importing it was a third of the suite's time).
  isolate: false,
  // The migrated database every shop starts from, built once per run (test/shop-template.ts).
  globalSetup: ['test/global-setup.ts'],
};

/** The same suite on the embedded SQLite, and on PostgreSQL when TEST_DATABASE_URL names one. */
export default defineConfig({
  test: {
    projects: [
      { test: { ...shared, name: 'sqlite', env: { TEST_DATABASE_URL: '' } } },
      ...(postgresUrl ? [{ test: { ...shared, name: 'postgres', env: { TEST_DATABASE_URL: postgresUrl } } }] : []),
    ],
  },
});
