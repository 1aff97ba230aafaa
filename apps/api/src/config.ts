import path from 'node:path';
import {
  CASH_HOLD_HOURS,
  COMPANY_DEFAULTS,
  type Company,
  gstinProblem,
  gstStateOf,
  isValidIfsc,
  OTP_MAX_SENDS_PER_IP_PER_HOUR,
} from '@ooh/shared';
import { z } from 'zod';
import { readOrCreateSecret } from './lib/data-dir.ts';
import { isLoopbackHost } from './lib/loopback.ts';
import { type MapTiles, mapTileAttributionProblem, mapTileUrlProblem } from './lib/map-tiles.ts';
import type { S3Settings } from './modules/storage/s3-storage.ts';

/** The demo operator (README): an operator by default only while the development tools are on. */
export const DEMO_OPERATOR_PHONE = '9999900000';

/** The sandbox key secret everyone can read in docs/product-rules.md: whoever knows it can sign a sandbox payment. */
export const PUBLIC_SANDBOX_KEY_SECRET = 'sandbox_secret';

/** Every setting of docs/product-rules.md section 1. A missing or malformed one stops the start with one clear line. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Loopback by default: a newcomer's `npm start` serves only their own machine (docs/product-rules.md section 1). */
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SEED: z.enum(['demo', 'none']).default('demo'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMS_PROVIDER: z.enum(['console', 'http']).default('console'),
  SMS_HTTP_URL: z.string().url().optional(),
  SMS_HTTP_API_KEY: z.string().optional(),
  SMS_SENDER_ID: z.string().default('ADSPCE'),
  SMS_TEMPLATE: z.string().default('{code} is your AdSpace India login code. It expires in 5 minutes.'),
  ALLOW_CONSOLE_SMS: z.enum(['true', 'false']).default('false'),
  BOT_CHECK: z.enum(['on', 'off']).default('on'),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'razorpay']).optional(),
  ALLOW_SANDBOX_PAYMENTS: z.enum(['true', 'false']).default('false'),
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  RAZORPAY_API_URL: z.string().url().optional(),
  /**
   * The dev outboxes' key outside production (decision 040). Unset: generated once (DATA_DIR/dev-outbox-key,
   * or in the database with DATABASE_URL); tools that start servers on PostgreSQL set it to know it.
   */
  DEV_OUTBOX_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Unset: generated once (DATA_DIR/sandbox-key-secret, or in the database with DATABASE_URL), never a public default. */
  SANDBOX_KEY_SECRET: z.string().min(1).optional(),
  /** How long a cash order holds its sites, counted from placing it; never extended (docs/product-rules.md section 3). */
  CASH_HOLD_HOURS: z.coerce.number().int().min(1).max(720).default(CASH_HOLD_HOURS),
  OTP_SENDS_PER_IP_PER_HOUR: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(OTP_MAX_SENDS_PER_IP_PER_HOUR),
  /** Generated PDF, PowerPoint and Excel files one requester (user, else IP) may ask for an hour. */
  DOCUMENTS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /**
   * The site's public address as visitors reach it (https://www.example.in): canonical links, structured
   * data, sitemap.xml and robots.txt name absolute URLs with it. Unset: http://localhost:PORT.
   */
  PUBLIC_URL: z
    .string()
    .url()
    .regex(
      /^https?:\/\/[^/?#]+\/?$/,
      'must be an http(s) origin such as https://www.example.in, without a path',
    )
    .optional(),
  /** How many reverse proxies in front of us may set X-Forwarded-For; 0 trusts none (the client IP is the socket's). */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** How long a cached catalogue answer may be served at most (change notices drop it sooner); 0 turns the cache off. */
  CATALOGUE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  /**
   * Expensive catalogue reads (a search, free for my dates, clusters with filters) that miss the cache, per
   * client address a minute, across replicas with DATABASE_URL (DESIGN 21); then 429 with Retry-After.
   */
  EXPENSIVE_READS_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(300),
  /** PostgreSQL: longest time one catalogue read may take before it answers 503 with Retry-After; 0: no limit. */
  CATALOGUE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  /** PGlite: catalogue reads waiting behind the one in flight, at most; past it they answer 503 with Retry-After. */
  CATALOGUE_QUEUE_MAX: z.coerce.number().int().min(0).max(10_000).default(16),
  /** How often unpaid orders are checked with the payment provider (docs/decisions/009); 0 turns it off. */
  RECONCILE_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(300_000),
  /**
   * The largest order total in rupees, before GST (docs/product-rules.md section 10): a business cap, not a column limit.
   * Default 50 crore; at most 1 lakh crore, so amounts in paise stay exact JavaScript numbers.
   */
  MAX_ORDER_RUPEES: z.coerce.number().int().min(1).max(1_000_000_000_000).default(500_000_000),
  /** The marketplace's share of a media owner's bookings, in percent (owner statements, docs/product-rules.md section 10). */
  COMMISSION_PERCENT: z.coerce.number().min(0).max(100).default(15),
  /**
   * Comma-separated 10-digit numbers whose users are operators (docs/product-rules.md section 7). Unset: the demo
   * operator while the development tools are on, else none. Set, it always wins; set empty, no operators.
   */
  OPERATOR_PHONES: z
    .string()
    .optional()
    .transform((v) =>
      v === undefined
        ? null
        : v
            .split(',')
            .map((p) => p.trim())
            .filter((p) => p !== ''),
    )
    .refine((phones) => phones === null || phones.every((p) => /^[6-9]\d{9}$/.test(p)), {
      message: 'must be comma-separated 10-digit mobile numbers (e.g. 9876500001,9876500002)',
    }),
  /** Where uploads live (docs/product-rules.md section 11, docs/decisions/018): local under DATA_DIR/uploads, or any S3-compatible store. */
  /** smtp://user:pass@host:587 or smtps://...; unset: mail goes to the dev outbox (GET /api/dev/mail-outbox). */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('AdSpace India <no-reply@adspace.local>'),
  /** Background jobs in this process (pg-boss workers and schedules); off: it only serves requests. ROLE=all only. */
  JOBS: z.enum(['on', 'off']).default('on'),
  /**
   * What this process of the one build does (DESIGN 21, decision 070): `web` serves HTTP and runs no jobs,
   * `worker` runs the jobs and answers only the health endpoints, `all` (one process) does both.
   */
  ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  /** `off`: never migrate at start (a replica; `npm run migrate` runs them once), and refuse an older schema. */
  MIGRATE: z.enum(['on', 'off']).default('on'),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /**
   * The seller, one set for every page, document and message (docs/decisions/026 and
   * 039-seller-identity.md); the defaults are the shared COMPANY_DEFAULTS the web starts from.
   */
  COMPANY_NAME: z.string().min(1).max(200).default(COMPANY_DEFAULTS.name),
  COMPANY_ADDRESS: z.string().min(1).max(500).default(COMPANY_DEFAULTS.address),
  COMPANY_EMAIL: z.string().email().max(200).default(COMPANY_DEFAULTS.email),
  COMPANY_PHONE: z
    .string()
    .regex(/^\+?[0-9 ()-]{8,20}$/, 'must be a phone number')
    .default(COMPANY_DEFAULTS.phone),
  /** Where buyers pay a cash / bank-transfer order (docs/product-rules.md section 14): shown on the order and in messages. */
  COMPANY_BANK_NAME: z.string().min(2).max(100).default(COMPANY_DEFAULTS.bank.name),
  COMPANY_BANK_ACCOUNT: z
    .string()
    .regex(/^[0-9]{9,18}$/, 'must be a bank account number of 9 to 18 digits')
    .default(COMPANY_DEFAULTS.bank.account),
  COMPANY_IFSC: z
    .string()
    .default(COMPANY_DEFAULTS.bank.ifsc)
    .refine(isValidIfsc, { message: 'must be an 11-character IFSC (e.g. HDFC0000123)' }),
  COMPANY_GSTIN: z
    .string()
    .default(COMPANY_DEFAULTS.gstin)
    .refine((v) => gstinProblem(v) === undefined, { message: 'must be a valid 15-character GSTIN' }),
  /** The state of the GST registration: buyers billed there pay CGST + SGST, others IGST. */
  COMPANY_STATE: z
    .string()
    .default(COMPANY_DEFAULTS.state)
    .refine((v) => gstStateOf(v) !== undefined, { message: 'must name an Indian state or union territory' }),
  /** A tile server for the web app's maps (docs/product-rules.md section 12); unset: the bundled basemap, nothing fetched. */
  MAP_TILE_URL: z.string().optional(),
  /** Plain text credit for those tiles, shown in the map's corner. */
  MAP_TILE_ATTRIBUTION: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

/** Every setting's name (the deployment recipe's test checks deploy/ names only these). */
export const SETTING_NAMES: readonly string[] = Object.keys(envSchema.shape);

/** The secrets generated when no setting names them: under DATA_DIR on PGlite, in the database on PostgreSQL. */
export type SharedSecretName = 'jwt-secret' | 'dev-outbox-key' | 'sandbox-key-secret';

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  databasePoolSize: number;
  seed: Env['SEED'];
  jwtSecret: string;
  /**
   * With DATABASE_URL, the generated secrets still to be read from (or generated once into) the database
   * before the app is built (modules/secrets, decision 070); their fields are empty until then.
   */
  sharedSecretsPending?: readonly SharedSecretName[];
  /**
   * The dev key of DATA_DIR/dev-outbox-key, outside production only (docs/product-rules.md section 1, decision 040): the
   * dev outboxes answer only `?key=` with it, and only a request carrying it (`x-dev-key`) may make the
   * catalogue cache answer from the database.
   */
  devKey?: string;
  sms: { provider: Env['SMS_PROVIDER']; url?: string; apiKey?: string; senderId: string; template: string };
  botCheck: boolean;
  payments: {
    provider: 'sandbox' | 'razorpay';
    razorpay?: { keyId: string; keySecret: string; webhookSecret: string; apiUrl?: string };
    sandboxKeySecret: string;
  };
  /** Hours a cash order holds its sites from placing (CASH_HOLD_HOURS). */
  cashHoldHours: number;
  /**
   * Codes one network address may request an hour (OTP_SENDS_PER_IP_PER_HOUR): an office behind one NAT,
   * or the browser journeys from one machine, need more than the default 20.
   */
  otpSendsPerIpPerHour?: number;
  /**
   * Generated documents (proformas, invoices, credit notes, statements, media plans) one signed-in user, or
   * one address when signed out, may ask for an hour (DOCUMENTS_PER_HOUR; decision 041): they cost CPU.
   */
  documentsPerHour: number;
  logLevel: Env['LOG_LEVEL'];
  webDist?: string;
  /** PUBLIC_URL without a trailing slash. */
  publicUrl: string;
  /**
   * Whether PUBLIC_URL was set: then it alone is the origin browsers' state-changing calls must come from
   * (a proxy may rewrite Host); unset, the request's own Host counts too (docs/decisions/042).
   */
  publicUrlSet: boolean;
  /** The session cookie is `Secure` when PUBLIC_URL is https or the server is not loopback development. */
  sessionCookieSecure: boolean;
  trustProxyHops: number;
  catalogueCacheTtlMs: number;
  /** EXPENSIVE_READS_PER_IP_PER_MINUTE, CATALOGUE_STATEMENT_TIMEOUT_MS, CATALOGUE_QUEUE_MAX (modules/fair-use). */
  expensiveReadsPerIpPerMinute: number;
  catalogueStatementTimeoutMs: number;
  catalogueQueueMax: number;
  /** 0: no reconciliation pass (webhooks and confirms only). */
  reconcileIntervalMs: number;
  /** MAX_ORDER_RUPEES in paise. */
  maxOrderPaise: number;
  /** COMMISSION_PERCENT: the marketplace's share of an owner's net bookings. */
  commissionPercent: number;
  /** OPERATOR_PHONES: the 10-digit numbers whose users are operators. */
  operatorPhones: readonly string[];
  storage: { kind: 'local' } | ({ kind: 's3' } & S3Settings);
  /** SMTP_URL (unset: the dev mail outbox) and MAIL_FROM. */
  mail: { smtpUrl?: string; from: string };
  /** This process runs the background jobs (docs/decisions/028): ROLE=worker, or ROLE=all with JOBS=on. */
  jobs: boolean;
  /** ROLE: `web` (HTTP, no jobs), `worker` (jobs, health endpoints only) or `all`. */
  role: Env['ROLE'];
  /** MIGRATE=on: migrations (and the demo seed) run at start; off: the schema must already be current. */
  migrate: boolean;
  /** COMPANY_*: the seller everywhere; `state` is the canonical name of COMPANY_STATE. */
  company: Company;
  /** MAP_TILE_URL and MAP_TILE_ATTRIBUTION; undefined: the maps draw their bundled basemap. */
  mapTiles?: MapTiles;
}

export class ConfigError extends Error {}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Setting ${String(issue.path[0])} is invalid: ${issue.message}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR);

  const razorpayKeys = e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET && e.RAZORPAY_WEBHOOK_SECRET;
  const provider = e.PAYMENT_PROVIDER ?? (razorpayKeys ? 'razorpay' : 'sandbox');
  if (provider === 'razorpay' && !razorpayKeys) {
    throw new ConfigError(
      'Setting PAYMENT_PROVIDER=razorpay needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET',
    );
  }
  refuseDevTools(e, provider);
  if (e.SMS_PROVIDER === 'http' && !e.SMS_HTTP_URL) {
    throw new ConfigError('Setting SMS_HTTP_URL is required when SMS_PROVIDER=http');
  }
  if (production && !e.JWT_SECRET) throw new ConfigError('Setting JWT_SECRET is required in production');
  if (e.ROLE !== 'all' && !e.DATABASE_URL) {
    throw new ConfigError(
      `Setting ROLE=${e.ROLE} needs DATABASE_URL: the embedded database serves one process, which is ROLE=all`,
    );
  }
  // PGlite: under DATA_DIR now; PostgreSQL: left empty and named in sharedSecretsPending, for the database.
  const pending: SharedSecretName[] = [];
  const generated = (name: SharedSecretName): string => {
    if (!e.DATABASE_URL) return readOrCreateSecret(dataDir, name);
    pending.push(name);
    return '';
  };

  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    seed: e.SEED,
    // Outside production an unset JWT_SECRET is generated once under DATA_DIR (PGlite) or in the database
    // (DATABASE_URL: modules/secrets fills it in at start), so sessions survive restarts and replicas agree.
    jwtSecret: e.JWT_SECRET ?? generated('jwt-secret'),
    devKey: production ? undefined : (e.DEV_OUTBOX_KEY ?? generated('dev-outbox-key')),
    sharedSecretsPending: pending.length > 0 ? pending : undefined,
    sms: {
      provider: e.SMS_PROVIDER,
      url: e.SMS_HTTP_URL,
      apiKey: e.SMS_HTTP_API_KEY,
      senderId: e.SMS_SENDER_ID,
      template: e.SMS_TEMPLATE,
    },
    botCheck: e.BOT_CHECK === 'on',
    payments: {
      provider,
      razorpay: razorpayKeys
        ? {
            keyId: e.RAZORPAY_KEY_ID!,
            keySecret: e.RAZORPAY_KEY_SECRET!,
            webhookSecret: e.RAZORPAY_WEBHOOK_SECRET!,
            apiUrl: e.RAZORPAY_API_URL,
          }
        : undefined,
      // Only the sandbox signs with it; refuseDevTools has already demanded an own secret off loopback.
      sandboxKeySecret:
        e.SANDBOX_KEY_SECRET ?? (provider === 'sandbox' ? generated('sandbox-key-secret') : ''),
    },
    cashHoldHours: e.CASH_HOLD_HOURS,
    otpSendsPerIpPerHour: e.OTP_SENDS_PER_IP_PER_HOUR,
    documentsPerHour: e.DOCUMENTS_PER_HOUR,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    publicUrlSet: e.PUBLIC_URL !== undefined,
    sessionCookieSecure: e.PUBLIC_URL?.startsWith('https:') === true || production || !isLoopbackHost(e.HOST),
    trustProxyHops: e.TRUST_PROXY,
    catalogueCacheTtlMs: e.CATALOGUE_CACHE_TTL_MS,
    expensiveReadsPerIpPerMinute: e.EXPENSIVE_READS_PER_IP_PER_MINUTE,
    catalogueStatementTimeoutMs: e.CATALOGUE_STATEMENT_TIMEOUT_MS,
    catalogueQueueMax: e.CATALOGUE_QUEUE_MAX,
    reconcileIntervalMs: e.RECONCILE_INTERVAL_MS,
    maxOrderPaise: e.MAX_ORDER_RUPEES * 100,
    commissionPercent: e.COMMISSION_PERCENT,
    operatorPhones: e.OPERATOR_PHONES ?? (devToolsOn(e) ? [DEMO_OPERATOR_PHONE] : []),
    storage: storageSettings(e),
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    jobs: e.ROLE === 'worker' || (e.ROLE === 'all' && e.JOBS === 'on'),
    role: e.ROLE,
    migrate: e.MIGRATE === 'on',
    company: companySettings(e),
    mapTiles: mapTileSettings(e),
  };
}

/** MAP_TILE_*: checked here, so a tile URL the maps or the security policy could not use stops the start. */
function mapTileSettings(e: Env): MapTiles | undefined {
  const url = e.MAP_TILE_URL?.trim() || undefined;
  const attribution = e.MAP_TILE_ATTRIBUTION?.trim() ?? '';
  const attributionProblem = mapTileAttributionProblem(attribution);
  if (attributionProblem) throw new ConfigError(`Setting MAP_TILE_ATTRIBUTION ${attributionProblem}`);
  if (url === undefined) {
    if (attribution)
      throw new ConfigError('Setting MAP_TILE_ATTRIBUTION needs MAP_TILE_URL (the tiles it credits)');
    return undefined;
  }
  const urlProblem = mapTileUrlProblem(url, e.NODE_ENV === 'production');
  if (urlProblem) throw new ConfigError(`Setting MAP_TILE_URL ${urlProblem}`);
  return { url, attribution };
}

function companySettings(e: Env): Config['company'] {
  const state = gstStateOf(e.COMPANY_STATE)!;
  if (e.COMPANY_GSTIN.slice(0, 2) !== state.code) {
    throw new ConfigError(
      `Setting COMPANY_GSTIN: starts with ${e.COMPANY_GSTIN.slice(0, 2)}, but COMPANY_STATE ${state.name} is state code ${state.code}`,
    );
  }
  return {
    name: e.COMPANY_NAME,
    address: e.COMPANY_ADDRESS,
    gstin: e.COMPANY_GSTIN,
    state: state.name,
    email: e.COMPANY_EMAIL,
    phone: e.COMPANY_PHONE,
    bank: { name: e.COMPANY_BANK_NAME, account: e.COMPANY_BANK_ACCOUNT, ifsc: e.COMPANY_IFSC },
  };
}

/** STORAGE=s3 needs its bucket and keys; the first one missing is named. */
function storageSettings(e: Env): Config['storage'] {
  if (e.STORAGE === 'local') return { kind: 'local' };
  for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
    if (!e[name]) throw new ConfigError(`Setting ${name} is required when STORAGE=s3`);
  }
  return {
    kind: 's3',
    bucket: e.S3_BUCKET!,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
  };
}

/**
 * docs/product-rules.md section 1: no deployment serves development tools by forgetting a setting. On the loopback
 * interface outside production they are the default; a server other machines can reach, or one in
 * production, starts with them only when each is named - and the sandbox only with a key secret of its
 * own, since anyone can sign a payment with the public default.
 */
function refuseDevTools(e: Env, paymentProvider: 'sandbox' | 'razorpay'): void {
  // Anyone can sign a payment with the public default, on loopback too (behind a same-host proxy).
  if (paymentProvider === 'sandbox' && e.SANDBOX_KEY_SECRET === PUBLIC_SANDBOX_KEY_SECRET) {
    throw new ConfigError(
      "Setting SANDBOX_KEY_SECRET: the public default signs anyone's sandbox payment; unset it (a secret is generated under DATA_DIR) or set one of your own",
    );
  }
  if (e.NODE_ENV !== 'production' && isLoopbackHost(e.HOST)) return;
  const where =
    e.NODE_ENV === 'production' ? 'in production' : `on HOST=${e.HOST} (reachable from other machines)`;
  if (e.SMS_PROVIDER === 'console' && e.ALLOW_CONSOLE_SMS !== 'true') {
    throw new ConfigError(
      `Setting SMS_PROVIDER: the console SMS outbox is refused ${where}; use SMS_PROVIDER=http, or set ALLOW_CONSOLE_SMS=true`,
    );
  }
  if (paymentProvider !== 'sandbox') return;
  if (e.ALLOW_SANDBOX_PAYMENTS !== 'true') {
    throw new ConfigError(
      `Setting PAYMENT_PROVIDER: sandbox payments are refused ${where}; set the RAZORPAY_* keys, or ALLOW_SANDBOX_PAYMENTS=true with your own SANDBOX_KEY_SECRET`,
    );
  }
  if (e.SANDBOX_KEY_SECRET === undefined) {
    throw new ConfigError(
      `Setting SANDBOX_KEY_SECRET: a sandbox that others can reach needs a secret of your own ${where}`,
    );
  }
}

/**
 * The development tools of docs/product-rules.md section 1 are on by default: outside production, on the loopback
 * interface, with the console SMS outbox (the only way to sign in as a made-up demo number).
 */
function devToolsOn(e: Env): boolean {
  return e.NODE_ENV !== 'production' && isLoopbackHost(e.HOST) && e.SMS_PROVIDER === 'console';
}
