import { randomInt } from 'node:crypto';
import type { BotChallenge } from '@ooh/shared';
import { type Challenge, createChallenge, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import type { AppDeps } from '../../app-types.ts';
import { HttpError } from '../../lib/errors.ts';
import { deriveSubkey } from '../../lib/jwt.ts';
import { markChallengeUsed } from './bot-check.repository.ts';
import type { BotCheckDifficulty } from './bot-check-difficulty.ts';

export const DEFAULT_BOT_CHECK_DIFFICULTY: BotCheckDifficulty = {
  cost: 5000,
  minCounter: 50,
  maxCounter: 250,
};
export const BOT_CHALLENGE_ALGORITHM = 'PBKDF2/SHA-256';
const CHALLENGE_TTL_SECONDS = 600;

function keys(deps: AppDeps) {
  return {
    signature: deriveSubkey(deps.config.jwtSecret, 'altcha-challenge-signature'),
    keySignature: deriveSubkey(deps.config.jwtSecret, 'altcha-key-signature'),
  };
}

/**
 * A signed ALTCHA v2 challenge in deterministic mode: the server knows the answer's key signature, so
 * checking a solution is one HMAC. Expiry rides in the signed `data.expires_at` and is checked against
 * the app clock (altcha-lib's own `expiresAt` check reads the wall clock, which tests cannot move).
 */
export async function createBotChallenge(deps: AppDeps): Promise<BotChallenge> {
  const { cost, minCounter, maxCounter } = deps.botCheckDifficulty ?? DEFAULT_BOT_CHECK_DIFFICULTY;
  const k = keys(deps);
  const expiresAt = Math.floor(deps.clock.now().getTime() / 1000) + CHALLENGE_TTL_SECONDS;
  const challenge = await createChallenge({
    algorithm: BOT_CHALLENGE_ALGORITHM,
    cost,
    counter: randomInt(minCounter, maxCounter + 1),
    deriveKey,
    data: { expires_at: expiresAt },
    hmacSignatureSecret: k.signature,
    hmacKeySignatureSecret: k.keySignature,
  });
  // Always signed here (hmacSignatureSecret is set), which the library's type leaves optional.
  return { parameters: { ...challenge.parameters }, signature: challenge.signature! };
}

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.literal(BOT_CHALLENGE_ALGORITHM),
      nonce: z.string().regex(/^[0-9a-f]{1,128}$/),
      salt: z.string().regex(/^[0-9a-f]{1,128}$/),
      cost: z.number().int().positive().max(1_000_000),
      keyLength: z.number().int().positive().max(64),
      keyPrefix: z.string(),
      data: z.looseObject({ expires_at: z.number().int() }),
    }),
    signature: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  solution: z.object({ counter: z.number().int().nonnegative(), derivedKey: z.string().max(256) }),
});

const failed = (message: string) => new HttpError(400, 'bot_check_failed', message, { bot_token: message });

function decode(token: string) {
  try {
    return payloadSchema.safeParse(JSON.parse(Buffer.from(token, 'base64').toString('utf8')));
  } catch {
    return undefined;
  }
}

/**
 * Checks the ALTCHA payload sent as bot_token and spends it: a solved challenge works once. Skipped when
 * BOT_CHECK=off. Every refusal is a 400 'bot_check_failed': the client fetches a new challenge and retries.
 */
export async function verifyBotToken(deps: AppDeps, token: string | undefined): Promise<void> {
  if (!deps.config.botCheck) return;
  if (!token) throw failed('The bot check is missing. Please try again.');
  const parsed = decode(token);
  if (!parsed?.success) throw failed('The bot check could not be read. Please try again.');
  const { challenge, solution } = parsed.data;
  const k = keys(deps);
  const result = await verifySolution({
    challenge: challenge as Challenge,
    solution: solution as Solution,
    deriveKey,
    hmacSignatureSecret: k.signature,
    hmacKeySignatureSecret: k.keySignature,
  }).catch(() => ({ verified: false }));
  if (!result.verified) throw failed('The bot check did not pass. Please try again.');
  const expiresAt = new Date(challenge.parameters.data.expires_at * 1000);
  const now = deps.clock.now();
  if (expiresAt <= now) throw failed('The bot check expired. Please try again.');
  if (!(await markChallengeUsed(deps.database.db, challenge.signature, expiresAt, now))) {
    throw failed('The bot check was already used. Please try again.');
  }
}
