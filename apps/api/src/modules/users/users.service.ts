import { AUTH_ERROR_CODES, buyerGstinProblem, type User, type UserUpdateBody } from '@ooh/shared';
import type { AppDeps } from '../../app-types.ts';
import type { Db } from '../../db/client.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth-user.ts';
import {
  anonymiseUser,
  emailUsedByOthers,
  findOrCreateUserByPhone,
  findUserById,
  type ProfileValues,
  type UserRow,
  updateProfile,
} from './users.repository.ts';

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    phone_number: row.phoneNumber,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    company: row.company,
    company_type: row.companyType,
    gst: row.gst,
    pan: row.pan,
    address_line_1: row.addressLine1,
    address_line_2: row.addressLine2,
    city: row.city,
    state: row.state,
    pin: row.pin,
  };
}

/**
 * The user behind a verified session token: the auth plugin calls this on every signed-in request (a number
 * signs up on its first verified code, so the row may be new).
 */
export async function userOfSession(
  db: Db,
  phoneNumber: string,
): Promise<{ id: number; phoneNumber: string }> {
  const row = await findOrCreateUserByPhone(db, phoneNumber);
  return { id: row.id, phoneNumber: row.phoneNumber };
}

/** POST /auth/login_with_phone/: registers the number on first sign-in, answers the user either way. */
export async function loginWithPhone(deps: AppDeps, caller: AuthUser, phoneNumber: string): Promise<User> {
  if (phoneNumber !== caller.phoneNumber) {
    throw new HttpError(403, AUTH_ERROR_CODES.phoneMismatch, 'This number does not match your sign-in.', {
      phone_number: 'Not the signed-in number',
    });
  }
  return toUser(await findOrCreateUserByPhone(deps.database.db, phoneNumber));
}

export async function getCurrentUser(deps: AppDeps, caller: AuthUser): Promise<User> {
  const row = await findUserById(deps.database.db, caller.id);
  if (!row) throw notFound('User');
  return toUser(row);
}

/**
 * PATCH /auth/update_user_by_phone/. Only the caller's own record: another number answers 404 and
 * changes nothing. Optional fields left out keep their value; sent empty they are cleared.
 */
export async function updateCurrentUser(
  deps: AppDeps,
  caller: AuthUser,
  body: UserUpdateBody,
): Promise<User> {
  if (body.phone_number !== caller.phoneNumber) throw notFound('User');
  if (body.gst === undefined) {
    // The GSTIN kept from before must belong to the billing State saved now (the body checks a GSTIN it sends).
    const kept = (await findUserById(deps.database.db, caller.id))?.gst;
    const problem = kept ? buyerGstinProblem(kept, body.state) : undefined;
    if (problem) {
      throw new HttpError(400, 'bad_request', `${problem}. Please correct the GSTIN or the State.`, {
        gst: problem,
      });
    }
  }
  const values: ProfileValues = {
    firstName: body.first_name,
    lastName: body.last_name,
    email: body.email,
    company: body.company,
    companyType: body.company_type,
    gst: body.gst,
    pan: body.pan,
    addressLine1: body.address_line_1,
    addressLine2: body.address_line_2,
    city: body.city,
    state: body.state,
    pin: body.pin,
  };
  // Drizzle skips undefined keys, which is what "left out keeps its value" needs.
  const row = await updateProfile(deps.database.db, caller.id, caller.phoneNumber, values, deps.clock.now());
  if (!row) throw notFound('User');
  return toUser(row);
}

/** A user's profile as stored, as other modules' services see it (the billing details of an order). */
export type UserProfile = UserRow;

/** The buyer's profile as stored, for other modules' services (the billing details of an order). */
export function profileOf(db: AppDeps['database']['db'], userId: number): Promise<UserRow | undefined> {
  return findUserById(db, userId);
}

/**
 * The number and email an erased account's messages went to (DELETE /api/me), for the erasure to forget:
 * the email only when no other account gives it too, so one person's erasure never silences another.
 */
export async function contactsToForget(db: Db, id: number): Promise<string[]> {
  const row = await findUserById(db, id);
  if (!row) return [];
  const email = row.email?.toLowerCase();
  const shared = email ? await emailUsedByOthers(db, email, id) : true;
  return [row.phoneNumber, ...(shared || !email ? [] : [email])];
}

/** DELETE /api/me: the profile anonymised inside the caller's transaction (the erasure workflow's step). */
export async function erasePersonalFields(tx: Db, id: number, at: Date): Promise<void> {
  if (!(await anonymiseUser(tx, id, at))) throw notFound('User');
}
