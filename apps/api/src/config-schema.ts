// The settings as read from the environment: names, defaults and shapes (README, Settings); loadConfig in
// config.ts turns them into the Config the app is built from.
import {
  CASH_HOLD_HOURS,
  COMPANY_DEFAULTS,
  DEFAULT_HOLD_DAYS,
  gstinProblem,
  gstStateOf,
  isValidIfsc,
  OTP_MAX_SENDS_PER_IP_PER_HOUR,
} from '@ooh/shared';
import { z } from 'zod';

/** Every setting of docs/product-rules.md section 1. A missing or malformed one stops the start with one clear line. */
export const envSchema = z.object({
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
  // DLT (modules/sms/sms-templates.ts): the principal entity's id and template ids by message.
  SMS_DLT_ENTITY_ID: z
    .string()
    .regex(/^\d{10,25}$/, 'must be the numeric DLT entity id')
    .optional(),
  SMS_DLT_TEMPLATE_IDS: z.string().optional(),
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
  /**
   * The certificate that signs tax invoices and credit notes (CGST Rules 46(q), 53(1A)): base64 of a PKCS#12
   * (.p12/.pfx) from an Indian Certifying Authority, and its passphrase. Unset: a self-signed development
   * certificate generated once and kept in the database (every process shares it).
   */
  DOCUMENT_SIGNING_P12: z
    .string()
    .regex(/^[A-Za-z0-9+/=\s]+$/, 'must be base64 of a .p12 file')
    .optional(),
  DOCUMENT_SIGNING_PASSPHRASE: z.string().optional(),
  /** How long a cash order holds its sites, counted from placing it; never extended (docs/product-rules.md section 3). */
  CASH_HOLD_HOURS: z.coerce.number().int().min(1).max(720).default(CASH_HOLD_HOURS),
  OTP_SENDS_PER_IP_PER_HOUR: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(OTP_MAX_SENDS_PER_IP_PER_HOUR),
  /** Days a buyer's free hold of a site's dates lasts, and what a renewal adds (decision 082). */
  HOLD_DAYS: z.coerce.number().int().min(1).max(30).default(DEFAULT_HOLD_DAYS),
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
  /** The Grievance Officer the privacy page names (DPDP Rules 2025): a person, and an address that reaches them. */
  COMPANY_GRIEVANCE_OFFICER_NAME: z.string().min(2).max(100).default(COMPANY_DEFAULTS.grievance_officer.name),
  COMPANY_GRIEVANCE_OFFICER_EMAIL: z
    .string()
    .email()
    .max(200)
    .default(COMPANY_DEFAULTS.grievance_officer.email),
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
