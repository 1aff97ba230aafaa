import type { Db } from '../src/db/client.ts';
import { users } from '../src/db/schema.ts';
import { signToken } from '../src/lib/jwt.ts';

/** What minting a session needs of an app: its JWT secret and its clock. */
export interface SignInContext {
  config: { jwtSecret: string };
  clock: { now(): Date };
}

/**
 * The one way a test signs someone in without the OTP journey (that journey is the auth tests', through
 * test/otp-sign-in.ts): a session token as sign-in issues it, as of the app clock's now. It carries no
 * session row, so it lives by its hour and the revocation list alone (lib/jwt.ts). The factory's
 * `person()` and `tokenFor` both sign in here.
 */
export async function signedInToken(ctx: SignInContext, phone: string): Promise<string> {
  return (await signToken({ phone_number: phone }, ctx.config.jwtSecret, ctx.clock.now())).token;
}

/**
 * The billing state checkout needs, as the checkout page saves it before booking. Only the state, so
 * what a test wrote into the profile (names, company) stays as it was.
 */
export async function setBillingState(db: Db, phone: string, state: string): Promise<void> {
  await db
    .insert(users)
    .values({ phoneNumber: phone, state })
    .onConflictDoUpdate({ target: users.phoneNumber, set: { state } });
}
