import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { RateLimitConfig } from './http/limits.js';
import type { TrustProxy } from './http/recorded-answers.js';
import type { CourierEnvironment } from './modules/couriers/provider.js';
import type { MessageSettings } from './modules/messages/layout.js';
import { MSG91_API_URL, type Msg91Settings } from './modules/messages/providers/msg91.js';
import { HINDI_SMS_TEMPLATES, hasHindiTemplate } from './modules/messages/sms-templates.js';
import type { OrderPolicy } from './modules/orders/service.js';
import { PAYMENT_VARIABLES, paymentEnvironmentOf } from './modules/payments/environment.js';
import type { PaymentEnvironment } from './modules/payments/settings.js';
import { WHATSAPP_API_URL, type WhatsAppEnvironment } from './modules/whatsapp/environment.js';

// The limits and the proxies' trust are the http layer's settings; the environment fills them here.
export type { RateLimitConfig, TrustProxy };

/** npm runs workspace scripts inside the workspace; paths the user gives are relative to where they ran npm. */
const invokedFrom = process.env.INIT_CWD ?? process.cwd();

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const optionalSetting = (rule: z.ZodType<string>) =>
  z.preprocess((value) => (value === '' ? undefined : value), rule.optional());

/** 'kind=id,kind=id' (MSG91's template ids by message kind) as { kind: id }; unset: {}. */
const templateIdPairs = (name: string, example: string) =>
  z.preprocess(
    (value) => (value === undefined ? '' : value),
    z
      .string()
      .regex(/^(\s*[a-z-]+=[\w-]+\s*(,\s*[a-z-]+=[\w-]+\s*)*)?$/, {
        error: `${name} must be kind=template-id pairs, comma-separated: ${example}`,
      })
      .transform(
        (setting): Record<string, string> =>
          Object.fromEntries(
            setting
              .split(',')
              .filter((pair) => pair.trim() !== '')
              .map((pair) => pair.split('=').map((part) => part.trim()) as [string, string]),
          ),
      ),
  );

const WORKERS_RULE = 'WORKERS must be a whole number of server processes, 1 to 64.';

export const Environment = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8044),
  /** Unset: this machine only (a laptop's demo shop is not on the café's network); every address in production. */
  HOST: optionalSetting(z.string()),
  DATA_DIR: z.string().default('data'),
  MEDIA_DIR: z.string().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'DATABASE_URL must be a postgres:// URL.' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { error: 'REDIS_URL must be a redis:// or rediss:// URL.' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LOGIN_FAILURES_PER_EMAIL: positiveInt(10),
  LOGIN_FAILURES_PER_EMAIL_ANYWHERE: positiveInt(100),
  LOGIN_ATTEMPTS_PER_IP: positiveInt(60),
  LOGIN_WINDOW_MINUTES: positiveInt(15),
  REGISTRATIONS_PER_IP: positiveInt(20),
  REGISTRATION_WINDOW_MINUTES: positiveInt(60),
  ORDERS_PER_ACCOUNT: positiveInt(20),
  ORDERS_PER_IP: positiveInt(60),
  PAYMENTS_PER_ACCOUNT: positiveInt(30),
  PAYMENTS_PER_IP: positiveInt(90),
  CANCELLATIONS_PER_ACCOUNT: positiveInt(10),
  CANCELLATIONS_PER_IP: positiveInt(30),
  TRACKING_FAILURES_PER_ORDER: positiveInt(10),
  TRACKING_FAILURES_PER_IP: positiveInt(30),
  PASSWORD_HASH_QUEUE: positiveInt(64),
  PASSWORD_RESETS_PER_EMAIL: positiveInt(5),
  PASSWORD_RESETS_PER_IP: positiveInt(20),
  CONTACT_MESSAGES_PER_IP: positiveInt(10),
  SUBSCRIPTIONS_PER_IP: positiveInt(10),
  MAX_CONNECTIONS: positiveInt(2000),
  MAX_CONNECTIONS_PER_IP: positiveInt(64),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  /** PAYMENT_PROVIDER (the default store's; unset keeps its own) and each provider's variables, by its rules. */
  ...PAYMENT_VARIABLES,
  PENDING_ORDER_MINUTES: positiveInt(30),
  UPI_PENDING_HOURS: positiveInt(24),
  COD_CONFIRM_HOURS: positiveInt(24),
  MAX_OPEN_ORDERS: positiveInt(3),
  MAX_OPEN_ORDERS_PER_ADDRESS: positiveInt(30),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: 'SMTP_URL must be an smtp:// or smtps:// URL.' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: optionalSetting(z.string().max(200)),
  SMS_PROVIDER: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(['msg91'], { error: 'SMS_PROVIDER must be msg91, or unset for files in the outbox.' }).optional(),
  ),
  MSG91_AUTH_KEY: optionalSetting(z.string().max(200)),
  MSG91_SENDER_ID: optionalSetting(
    z.string().regex(/^[A-Z]{6}$/, { error: 'MSG91_SENDER_ID must be your DLT sender id: 6 capital letters.' }),
  ),
  MSG91_API_URL: z
    .url({
      protocol: /^https?$/,
      error: 'MSG91_API_URL must be an http(s):// address, like https://control.msg91.com.',
    })
    .default(MSG91_API_URL),
  MSG91_TEMPLATE_IDS: templateIdPairs('MSG91_TEMPLATE_IDS', 'sign-in-code=…,cod-code=…,order-update=…'),
  MSG91_HINDI_TEMPLATE_IDS: templateIdPairs('MSG91_HINDI_TEMPLATE_IDS', 'cod-code=…,order-update=…'),
  SIGN_IN_CODES_PER_PHONE: positiveInt(5),
  SIGN_IN_CODES_PER_IP: positiveInt(20),
  NOTIFY_EMAIL: optionalSetting(z.email({ error: 'NOTIFY_EMAIL must be an email address.' })),
  WORKERS: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number({ error: WORKERS_RULE })
      .int({ error: WORKERS_RULE })
      .min(1, { error: WORKERS_RULE })
      .max(64, { error: WORKERS_RULE })
      .optional(),
  ),
  NODE_ENV: z.string().default(''),
  ALLOW_LOCAL_LINKS: z.enum(['true', 'false'], { error: 'ALLOW_LOCAL_LINKS must be true or false.' }).default('false'),
  SHIPROCKET_API_URL: z
    .url({
      protocol: /^https?$/,
      error: 'SHIPROCKET_API_URL must be an http(s):// address, like https://apiv2.shiprocket.in.',
    })
    .default('https://apiv2.shiprocket.in'),
  WHATSAPP_TOKEN: optionalSetting(z.string().max(1000)),
  WHATSAPP_PHONE_NUMBER_ID: optionalSetting(
    z
      .string()
      .regex(/^\d{5,20}$/, { error: 'WHATSAPP_PHONE_NUMBER_ID is the number’s id in the Cloud API: digits only.' }),
  ),
  WHATSAPP_APP_SECRET: optionalSetting(z.string().max(200)),
  WHATSAPP_VERIFY_TOKEN: optionalSetting(z.string().max(200)),
  WHATSAPP_HINDI_TEMPLATES: optionalSetting(
    z.string().regex(/^\s*[a-z0-9_]+(\s*,\s*[a-z0-9_]+)*\s*$/, {
      error: 'WHATSAPP_HINDI_TEMPLATES is a comma-separated list of template names, like order_placed,order_shipped.',
    }),
  ),
  WHATSAPP_API_URL: z
    .url({
      protocol: /^https?$/,
      error: 'WHATSAPP_API_URL must be an http(s):// address, like https://graph.facebook.com.',
    })
    .default(WHATSAPP_API_URL),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|[\d.:/a-f, ]+)$/i, {
      error: "TRUST_PROXY must be true, false or the proxies' addresses.",
    })
    .default('false'),
});

function trustProxyOf(value: string): TrustProxy {
  return value === 'true' || value === 'false' ? value === 'true' : value;
}

export interface Config {
  port: number;
  host: string;
  /** The embedded database's folder (absolute). */
  dataDir: string;
  databaseUrl: string | undefined;
  /** The merchant's picture folder (absolute), served under /media/. */
  mediaDir: string;
  logLevel: z.infer<typeof Environment>['LOG_LEVEL'];
  seedDemo: boolean;
  trustProxy: TrustProxy;
  /** NODE_ENV=production or behind a proxy: a store whose links point to localhost or an IP stops the start. */
  servesThePublic: boolean;
  /** ALLOW_LOCAL_LINKS=true: a test deployment on this machine, where links to localhost are wanted. */
  allowLocalLinks: boolean;
  rateLimits: RateLimitConfig;
  /** The default store's payments as the environment sets them. */
  payments: PaymentEnvironment;
  orders: OrderPolicy;
  /** Where courier services are reached (SHIPROCKET_API_URL) and booked labels kept (DATA_DIR/labels). */
  couriers: CourierEnvironment;
  /** The WhatsApp Business account order updates go through (WHATSAPP_*). */
  whatsApp: WhatsAppEnvironment;
  /** Rate-limit counters live here when set; in the database otherwise. */
  redisUrl: string | undefined;
  /** Open connections at most; more are closed at once, so a flood cannot exhaust file descriptors. */
  maxConnections: number;
  /** Open connections one network address may hold; off behind TRUST_PROXY (nginx's limit_conn instead). */
  maxConnectionsPerAddress: number;
  /** Server processes behind the one port (1: no separate primary process). */
  workers: number;
  /** How messages leave: SMTP_URL (else .eml files in DATA_DIR/outbox), MAIL_FROM, and NOTIFY_EMAIL for new orders. */
  mail: {
    smtpUrl: string | undefined;
    mailFrom: string | undefined;
    notifyEmail: string | undefined;
    outboxDir: string;
  };
  /** SMS_PROVIDER=msg91 and its settings; undefined: each SMS is written as a file in the outbox folder. */
  sms: { provider: 'msg91'; msg91: Msg91Settings } | undefined;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Environment.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid environment: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(invokedFrom, e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : 'localhost'),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    mediaDir: e.MEDIA_DIR ? path.resolve(invokedFrom, e.MEDIA_DIR) : path.join(dataDir, 'media'),
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO === 'true',
    trustProxy: trustProxyOf(e.TRUST_PROXY.toLowerCase()),
    servesThePublic: e.NODE_ENV === 'production' || trustProxyOf(e.TRUST_PROXY.toLowerCase()) !== false,
    allowLocalLinks: e.ALLOW_LOCAL_LINKS === 'true',
    payments: paymentEnvironmentOf(e),
    orders: {
      pendingOrderMinutes: e.PENDING_ORDER_MINUTES,
      manualPendingHours: e.UPI_PENDING_HOURS,
      codConfirmHours: e.COD_CONFIRM_HOURS,
      maxOpenOrders: e.MAX_OPEN_ORDERS,
      maxOpenOrdersPerAddress: e.MAX_OPEN_ORDERS_PER_ADDRESS,
    },
    couriers: { shiprocketApiUrl: e.SHIPROCKET_API_URL, timeoutMs: 20_000, labelsDir: path.join(dataDir, 'labels') },
    whatsApp: {
      token: e.WHATSAPP_TOKEN,
      phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
      appSecret: e.WHATSAPP_APP_SECRET,
      verifyToken: e.WHATSAPP_VERIFY_TOKEN,
      apiUrl: e.WHATSAPP_API_URL,
      hindiTemplates: (e.WHATSAPP_HINDI_TEMPLATES ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
      timeoutMs: 20_000,
    },
    redisUrl: e.REDIS_URL,
    maxConnections: e.MAX_CONNECTIONS,
    maxConnectionsPerAddress: e.MAX_CONNECTIONS_PER_IP,
    workers: e.WORKERS ?? defaultWorkers(e.DATABASE_URL),
    mail: {
      smtpUrl: e.SMTP_URL,
      mailFrom: e.MAIL_FROM,
      notifyEmail: e.NOTIFY_EMAIL,
      outboxDir: path.join(dataDir, 'outbox'),
    },
    rateLimits: {
      loginFailuresPerEmail: e.LOGIN_FAILURES_PER_EMAIL,
      loginFailuresPerEmailAnywhere: e.LOGIN_FAILURES_PER_EMAIL_ANYWHERE,
      loginAttemptsPerIp: e.LOGIN_ATTEMPTS_PER_IP,
      loginWindowMs: e.LOGIN_WINDOW_MINUTES * 60_000,
      registrationsPerIp: e.REGISTRATIONS_PER_IP,
      registrationWindowMs: e.REGISTRATION_WINDOW_MINUTES * 60_000,
      ordersPerAccount: e.ORDERS_PER_ACCOUNT,
      ordersPerIp: e.ORDERS_PER_IP,
      paymentsPerAccount: e.PAYMENTS_PER_ACCOUNT,
      paymentsPerIp: e.PAYMENTS_PER_IP,
      cancellationsPerAccount: e.CANCELLATIONS_PER_ACCOUNT,
      cancellationsPerIp: e.CANCELLATIONS_PER_IP,
      trackingFailuresPerOrder: e.TRACKING_FAILURES_PER_ORDER,
      trackingFailuresPerIp: e.TRACKING_FAILURES_PER_IP,
      passwordHashQueue: e.PASSWORD_HASH_QUEUE,
      passwordResetsPerEmail: e.PASSWORD_RESETS_PER_EMAIL,
      passwordResetsPerIp: e.PASSWORD_RESETS_PER_IP,
      contactMessagesPerIp: e.CONTACT_MESSAGES_PER_IP,
      subscriptionsPerIp: e.SUBSCRIPTIONS_PER_IP,
      signInCodesPerPhone: e.SIGN_IN_CODES_PER_PHONE,
      signInCodesPerIp: e.SIGN_IN_CODES_PER_IP,
    },
    sms: smsOf(e),
  };
}

/**
 * Where the messages point, who hears of new orders, and which SMS kinds a Hindi shopper gets in
 * Hindi (those MSG91_HINDI_TEMPLATE_IDS names): the server and the `store` command send alike.
 */
export const messageSettingsOf = (config: Pick<Config, 'sms' | 'mail' | 'port'>): MessageSettings => ({
  ...(config.mail.notifyEmail ? { notifyEmail: config.mail.notifyEmail } : {}),
  port: config.port,
  hindiSmsKinds: Object.keys(config.sms?.msg91.hindiTemplateIds ?? {}),
});

/** MSG91's settings when SMS_PROVIDER=msg91: each one it needs, named when missing. */
function smsOf(e: z.infer<typeof Environment>): Config['sms'] {
  if (e.SMS_PROVIDER !== 'msg91') return undefined;
  const missing: string[] = (['MSG91_AUTH_KEY', 'MSG91_SENDER_ID'] as const).filter((name) => !e[name]);
  if (Object.keys(e.MSG91_TEMPLATE_IDS).length === 0) missing.push('MSG91_TEMPLATE_IDS');
  if (missing.length > 0) throw new Error(`Invalid environment: SMS_PROVIDER=msg91 needs ${missing.join(', ')}.`);
  const templateIds = e.MSG91_TEMPLATE_IDS;
  const hindiTemplateIds = e.MSG91_HINDI_TEMPLATE_IDS;
  // Sign-in codes have no Hindi template: the shopper's language is not known before they sign in.
  const noHindi = Object.keys(hindiTemplateIds).filter((kind) => !hasHindiTemplate(kind));
  if (noHindi.length > 0) {
    throw new Error(
      `Invalid environment: MSG91_HINDI_TEMPLATE_IDS names ${noHindi.join(', ')}, which has no Hindi text; it takes ${Object.keys(HINDI_SMS_TEMPLATES).join(', ')}.`,
    );
  }
  return {
    provider: 'msg91',
    msg91: {
      authKey: e.MSG91_AUTH_KEY ?? '',
      senderId: e.MSG91_SENDER_ID ?? '',
      apiUrl: e.MSG91_API_URL,
      templateIds,
      hindiTemplateIds,
    },
  };
}

/** Most a default takes: past this, one PostgreSQL server's connections, not the cores, set the pace. */
const DEFAULT_WORKERS_MAX = 8;

/**
 * On PostgreSQL, a process per core (at most 8). On the embedded SQLite, one: every write takes the
 * one database file's lock, and a process waiting for it sleeps and polls, so several processes
 * writing (orders, sessions, rate limits) would mostly wait for each other; WORKERS=2 or more
 * still spreads the reads, which share the file freely.
 */
export function defaultWorkers(databaseUrl: string | undefined): number {
  return databaseUrl ? Math.min(os.availableParallelism(), DEFAULT_WORKERS_MAX) : 1;
}
