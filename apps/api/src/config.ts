import path from 'node:path';
import { type Company, gstStateOf } from '@ooh/shared';
import { type Env, envSchema } from './config-schema.ts';
import { readOrCreateSecret } from './lib/data-dir.ts';
import { isLoopbackHost } from './lib/loopback.ts';
import { type MapTiles, mapTileAttributionProblem, mapTileUrlProblem } from './lib/map-tiles.ts';
import type { S3Settings } from './modules/storage/s3-storage.ts';

export { type Env, SETTING_NAMES } from './config-schema.ts';

/** The demo operator (README): an operator by default only while the development tools are on. */
export const DEMO_OPERATOR_PHONE = '9999900000';

/** The sandbox key secret everyone can read in docs/product-rules.md: whoever knows it can sign a sandbox payment. */
export const PUBLIC_SANDBOX_KEY_SECRET = 'sandbox_secret';

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
  sms: {
    provider: Env['SMS_PROVIDER'];
    url?: string;
    apiKey?: string;
    senderId: string;
    template: string;
    /** DLT: the entity id and the template ids setting (modules/sms/sms-templates.ts). */
    dltEntityId?: string;
    dltTemplateIds?: string;
  };
  botCheck: boolean;
  payments: {
    provider: 'sandbox' | 'razorpay';
    razorpay?: { keyId: string; keySecret: string; webhookSecret: string; apiUrl?: string };
    sandboxKeySecret: string;
  };
  /** Days a buyer's free hold (option) lasts, and what its one renewal gives from then (HOLD_DAYS). */
  holdDays: number;
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
  /** DOCUMENT_SIGNING_P12 and its passphrase; undefined: a generated development certificate (lib/pdf/pdf-signature.ts). */
  documentSigning?: { p12Base64: string; passphrase: string };
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
      dltEntityId: e.SMS_DLT_ENTITY_ID,
      dltTemplateIds: e.SMS_DLT_TEMPLATE_IDS,
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
    holdDays: e.HOLD_DAYS,
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
    documentSigning: e.DOCUMENT_SIGNING_P12
      ? {
          p12Base64: e.DOCUMENT_SIGNING_P12.replace(/\s+/g, ''),
          passphrase: e.DOCUMENT_SIGNING_PASSPHRASE ?? '',
        }
      : undefined,
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
    grievance_officer: { name: e.COMPANY_GRIEVANCE_OFFICER_NAME, email: e.COMPANY_GRIEVANCE_OFFICER_EMAIL },
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
