import { defineConfig, loadEnv } from '@medusajs/framework/utils';

loadEnv(process.env.NODE_ENV || 'production', process.cwd());

// The default project of create-medusa-app, minus its admin dashboard (only the store API is measured).
// No redisUrl: Medusa then keeps its events, locks and workflow state in memory, enough for one process.
module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    databaseDriverOptions: { connection: { ssl: false } },
    http: {
      storeCors: process.env.STORE_CORS || 'http://localhost:8000',
      adminCors: process.env.ADMIN_CORS || 'http://localhost:9000',
      authCors: process.env.AUTH_CORS || 'http://localhost:9000',
      jwtSecret: process.env.JWT_SECRET || 'bench-only-secret',
      cookieSecret: process.env.COOKIE_SECRET || 'bench-only-secret',
    },
  },
  admin: { disable: true },
});
