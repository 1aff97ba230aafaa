import { createHmac } from 'node:crypto';
import {
  CONTACT_SUCCESS_MESSAGE,
  type ContactBody,
  type ContactResponse,
  type HelpBody,
  type HelpResponse,
} from '@ooh/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import {
  deleteRateCountersBefore,
  incrementRateCounter,
  insertContactMessage,
  insertHelpRequest,
  rateKey,
} from './contact.repository.ts';

/** Public forms: at most this many messages per IP address per clock hour, per form. */
export const MESSAGES_PER_IP_PER_HOUR = 10;
const HOUR_MS = 3_600_000;

export interface ContactDeps {
  db: Db;
  clock: Clock;
  config: Config;
}

/** The IP is kept only as a keyed hash: the counters must not become a log of visitors' addresses. */
function hashIp(secret: string, ip: string): string {
  return createHmac('sha256', secret).update(`contact-ip:${ip}`).digest('base64url').slice(0, 32);
}

/**
 * Counts this message against the sender's hourly allowance (fixed one-hour windows, counted in the
 * database so every API process shares them) and refuses it with 429 past the limit.
 */
async function takeAllowance(
  deps: ContactDeps,
  tx: Db,
  scope: string,
  requester: string,
  perHour = MESSAGES_PER_IP_PER_HOUR,
  message = 'Too many messages from your network. Please try again later.',
): Promise<void> {
  const now = deps.clock.now().getTime();
  const window = Math.floor(now / HOUR_MS);
  await deleteRateCountersBefore(tx, window);
  const count = await incrementRateCounter(
    tx,
    rateKey(window, scope, hashIp(deps.config.jwtSecret, requester)),
  );
  if (count > perHour) {
    const retryAfter = Math.max(1, Math.ceil(((window + 1) * HOUR_MS - now) / 1000));
    throw tooManyRequests(message, retryAfter);
  }
}

/**
 * The same hourly allowance for other costly requests (generated documents: decision 041), counted in its
 * own transaction. `requester` is an IP address or a user key such as `user:12`; it is stored only hashed.
 */
export async function takeHourlyAllowance(
  deps: ContactDeps,
  scope: string,
  requester: string,
  perHour: number,
  message: string,
): Promise<void> {
  await inTransaction(deps.db, (tx) => takeAllowance(deps, tx, scope, requester, perHour, message));
}

export async function submitContactMessage(
  deps: ContactDeps,
  body: ContactBody,
  ip: string,
): Promise<ContactResponse> {
  const id = await inTransaction(deps.db, async (tx) => {
    await takeAllowance(deps, tx, 'contact', ip);
    return insertContactMessage(tx, {
      name: body.name,
      companyName: body.company_name,
      email: body.email,
      phoneNumber: body.phone_number,
      message: body.message,
      createdAt: deps.clock.now(),
    });
  });
  return { data: { id }, message: CONTACT_SUCCESS_MESSAGE };
}

export async function submitHelpRequest(
  deps: ContactDeps,
  body: HelpBody,
  ip: string,
  userId: number | null,
): Promise<HelpResponse> {
  const id = await inTransaction(deps.db, async (tx) => {
    await takeAllowance(deps, tx, 'help', ip);
    return insertHelpRequest(tx, {
      phoneNumber: body.phone_number,
      email: body.email ? body.email : null,
      message: body.message,
      isCustomized: body.is_customized,
      userId,
      createdAt: deps.clock.now(),
    });
  });
  return { data: { id } };
}
