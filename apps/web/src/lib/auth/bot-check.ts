import type { BotChallenge } from '@ooh/shared';
import { apiRequest } from '../api-client';

/**
 * The invisible bot check before a code is sent (docs/product-rules.md section 5): fetch an ALTCHA proof-of-work
 * challenge, solve it in Web Workers so the page stays responsive, and hand the payload to /auth/otp/send
 * as bot_token. A solved challenge works once, so each send takes a fresh one.
 */

/** Drop a prepared token this long before the challenge expires (clocks differ a little). */
const EXPIRY_MARGIN_MS = 60_000;

interface Prepared {
  promise: Promise<string>;
  controller: AbortController;
}

let prepared: Prepared | null = null;

async function solve(challenge: BotChallenge, controller: AbortController) {
  // Loaded on first use: the solver and its worker are only needed on the sign-in forms.
  const { solveChallengeWorkers } = await import('altcha/lib');
  const { default: Pbkdf2Worker } = await import('altcha/workers/pbkdf2?worker');
  const concurrency = Math.min(4, Math.max(1, navigator.hardwareConcurrency || 2));
  return solveChallengeWorkers({
    challenge,
    controller,
    concurrency,
    timeout: 60_000,
    createWorker: () => new Pbkdf2Worker(),
  });
}

function expiresAtMs(challenge: BotChallenge): number | null {
  const value = challenge.parameters.data?.expires_at;
  return typeof value === 'number' ? value * 1000 : null;
}

async function makeToken(controller: AbortController): Promise<string> {
  const challenge = await apiRequest<BotChallenge>('/auth/challenge', {
    signal: controller.signal,
    redirectOn401: false,
  });
  const solution = await solve(challenge, controller);
  if (!solution) throw new BotCheckError();
  const expiresAt = expiresAtMs(challenge);
  const token = btoa(
    JSON.stringify({ challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } }),
  );
  if (expiresAt !== null) tokenExpiry.set(token, expiresAt);
  return token;
}

const tokenExpiry = new Map<string, number>();

export class BotCheckError extends Error {
  constructor() {
    super('bot check could not be solved');
    this.name = 'BotCheckError';
  }
}

/** Starts solving a challenge in the background (when a sign-in form opens), so sending is quick. */
export function prepareBotToken(): void {
  if (prepared) return;
  const controller = new AbortController();
  const promise = makeToken(controller);
  const entry: Prepared = { promise, controller };
  prepared = entry;
  // A failed background solve is forgotten; takeBotToken starts a fresh one.
  promise.catch(() => {
    if (prepared === entry) prepared = null;
  });
}

/** A solved, unused bot token: the prepared one when still fresh, else a new one. */
export async function takeBotToken(): Promise<string> {
  if (!prepared) prepareBotToken();
  const entry = prepared as Prepared;
  prepared = null;
  try {
    const token = await entry.promise;
    const expiresAt = tokenExpiry.get(token);
    tokenExpiry.delete(token);
    if (expiresAt !== undefined && expiresAt - Date.now() < EXPIRY_MARGIN_MS) return takeBotToken();
    return token;
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    // One fresh try: the prepared solve may have failed long ago (offline for a moment, expired).
    return makeToken(new AbortController());
  }
}

/** Stops background work when the form closes. */
export function cancelPreparedBotToken(): void {
  prepared?.controller.abort();
  prepared = null;
}
