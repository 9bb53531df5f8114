import { ensurePostgresTemplate, ensureSqliteTemplate } from './shop-template.js';

/** Once per run, before any test file: the databases new shops are copied from (shop-template.ts). */
export default async function setup() {
  await ensureSqliteTemplate();
  const url = process.env.TEST_DATABASE_URL;
  if (url) await ensurePostgresTemplate(url);
}
