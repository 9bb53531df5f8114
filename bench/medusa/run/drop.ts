/** Drops both bench databases (`npm run setup` makes them again). */
import pg from 'pg';
import { MEDUSA_DATABASE, POSTGRES_URL, SHOP_DATABASE } from './common.js';

const admin = new pg.Client({ connectionString: POSTGRES_URL });
await admin.connect();
for (const name of [MEDUSA_DATABASE, SHOP_DATABASE]) await admin.query(`drop database if exists ${name} with (force)`);
await admin.end();
console.log(`Dropped ${MEDUSA_DATABASE} and ${SHOP_DATABASE}.`);
