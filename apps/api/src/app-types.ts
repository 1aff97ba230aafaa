import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import type { BotCheckDifficulty } from './modules/bot-check/bot-check-difficulty.ts';
import type { MailProvider } from './modules/mail/mail.provider.ts';
import type { PaymentProvider } from './modules/payments/payment-provider.ts';
import type { TransferProvider } from './modules/payouts/transfer-provider.ts';
import type { SmsProvider } from './modules/sms/sms.provider.ts';
import type { FileStorage } from './modules/storage/file-storage.ts';

/*
 * The app's types, apart from app.ts (which builds the app from every module): the modules' routes and
 * services name these, and importing them from app.ts would tie every module back to the file that imports
 * them all.
 */

/** What the app is built from. Tests pass a fresh database and a manual clock; nothing is global. */
export interface AppDeps {
  database: Database;
  config: Config;
  clock: Clock;
  /** Online payments (PAYMENT_PROVIDER by default: sandbox, or Razorpay with keys); tests inject their own. */
  payments?: PaymentProvider;
  /** Transfers to media owners (Razorpay Route with PAYMENT_PROVIDER=razorpay, else the sandbox's); tests inject their own. */
  transfers?: TransferProvider;
  /** Sign-in codes go out through this (SMS_PROVIDER by default; tests inject their own). */
  sms: SmsProvider;
  /** Email (SMTP_URL, or the dev mail outbox); tests inject their own. */
  mail: MailProvider;
  /** Proof-of-work cost of GET /auth/challenge; tests make it tiny. */
  botCheckDifficulty?: BotCheckDifficulty;
  /** Uploads (STORAGE by default: local under DATA_DIR/uploads, or s3). */
  storage: FileStorage;
  /** The app's logger, for services that must report a failure they do not answer with (a refund's provider error). */
  log?: FastifyBaseLogger;
}

export type AppInstance = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
> & { deps: AppDeps };

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
