import path from 'node:path';
import { z } from 'zod';

/** npm runs workspace scripts inside the workspace; paths the user gives are relative to where they ran npm. */
const invokedFrom = process.env.INIT_CWD ?? process.cwd();

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const Environment = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8044),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'DATABASE_URL must be a postgres:// URL.' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_FAILURES_PER_EMAIL: positiveInt(10),
  LOGIN_ATTEMPTS_PER_IP: positiveInt(60),
  LOGIN_WINDOW_MINUTES: positiveInt(15),
  REGISTRATIONS_PER_IP: positiveInt(20),
  REGISTRATION_WINDOW_MINUTES: positiveInt(60),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
});

export interface Config {
  port: number;
  host: string;
  /** The embedded database's folder (absolute). */
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: z.infer<typeof Environment>['LOG_LEVEL'];
  seedDemo: boolean;
  rateLimits: RateLimitConfig;
}

export interface RateLimitConfig {
  loginFailuresPerEmail: number;
  loginAttemptsPerIp: number;
  loginWindowMs: number;
  registrationsPerIp: number;
  registrationWindowMs: number;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Environment.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid environment: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(invokedFrom, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO === 'true',
    rateLimits: {
      loginFailuresPerEmail: e.LOGIN_FAILURES_PER_EMAIL,
      loginAttemptsPerIp: e.LOGIN_ATTEMPTS_PER_IP,
      loginWindowMs: e.LOGIN_WINDOW_MINUTES * 60_000,
      registrationsPerIp: e.REGISTRATIONS_PER_IP,
      registrationWindowMs: e.REGISTRATION_WINDOW_MINUTES * 60_000,
    },
  };
}
