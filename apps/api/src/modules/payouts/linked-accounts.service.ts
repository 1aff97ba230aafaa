import { createHash } from 'node:crypto';
import type { AppDeps } from '../../app-types.ts';
import { ownersForPayouts } from '../partners/partners.service.ts';
import {
  findLinkedAccount,
  findLinkedAccounts,
  insertLinkedAccountOnce,
  type LinkedAccountRow,
  updateLinkedAccount,
} from './linked-accounts.repository.ts';
import type { TransferProvider } from './transfer-provider.ts';

/*
 * Each approved owner's linked account with the provider (decision 047). A fingerprint of the bank
 * details it was configured with is kept (never the number): when the owner's details change, the
 * account goes back to pending and its Route product is configured again with the new account.
 */

type Deps = Pick<AppDeps, 'database' | 'clock'> & { transfers?: TransferProvider };
type Owner = Awaited<ReturnType<typeof ownersForPayouts>>[number];

export const bankFingerprint = (ifsc: string, accountNumber: string) =>
  createHash('sha256').update(`${ifsc.toUpperCase()}|${accountNumber}`).digest('hex');

/** A failed account set-up is tried again after this pause (doubling, at most a day). */
const retryDelayMs = (attempts: number) =>
  Math.min(24 * 3_600_000, 5 * 60_000 * 2 ** Math.max(0, attempts - 1));

/** Creates or re-verifies one owner's linked account; answers the row as it stands after. */
export async function ensureLinkedAccount(deps: Deps, owner: Owner): Promise<LinkedAccountRow | null> {
  const db = deps.database.db;
  const provider = deps.transfers;
  if (!provider) return null;
  const now = deps.clock.now();
  const fingerprint = bankFingerprint(owner.ifsc, owner.accountNumber);
  let row =
    (await findLinkedAccount(db, owner.id)) ??
    (await insertLinkedAccountOnce(db, {
      mediaOwnerId: owner.id,
      provider: provider.name,
      status: 'pending',
      bankLast4: owner.accountNumber.slice(-4),
      createdAt: now,
      updatedAt: now,
    }));
  const changed = row.bankFingerprint !== fingerprint;
  if (!changed && row.status === 'active') return row;
  if (row.nextAttemptAt && row.nextAttemptAt > now && !changed) return row;
  if (changed && row.bankFingerprint !== null) {
    // New bank details: the account is not trusted with transfers until the provider verified them again.
    await updateLinkedAccount(db, row.id, {
      status: 'pending',
      bankLast4: owner.accountNumber.slice(-4),
      updatedAt: now,
    });
  }
  try {
    const result = await provider.upsertLinkedAccount(
      {
        reference: `owner-${owner.id}`,
        email: owner.contactEmail,
        phone: owner.contactPhone,
        legalBusinessName: owner.companyName,
        contactName: owner.contactName,
        pan: owner.pan,
        gstin: owner.gstin,
        address: {
          street1: owner.addressLine1,
          street2: owner.addressLine2 ?? '',
          city: owner.city,
          state: owner.state,
          postalCode: owner.pin,
        },
        bank: { accountNumber: owner.accountNumber, ifsc: owner.ifsc, beneficiaryName: owner.companyName },
      },
      { accountId: row.accountId, stakeholderId: row.stakeholderId, productId: row.productId },
    );
    const set = {
      ...result,
      bankFingerprint: fingerprint,
      bankLast4: owner.accountNumber.slice(-4),
      attempts: 0,
      // Under the provider's review: asked again in an hour, not at every pass.
      nextAttemptAt: result.status === 'active' ? null : new Date(now.getTime() + 3_600_000),
      lastError: null,
      updatedAt: now,
    };
    await updateLinkedAccount(db, row.id, set);
    row = { ...row, ...set };
  } catch (err) {
    const attempts = row.attempts + 1;
    const set = {
      attempts,
      nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
      lastError: String((err as Error)?.message ?? err).slice(0, 300),
      updatedAt: now,
    };
    await updateLinkedAccount(db, row.id, set);
    row = { ...row, ...set };
  }
  return row;
}

/** The job pass: every approved owner without an active account, or whose bank details changed. */
export async function syncLinkedAccounts(deps: Deps): Promise<{ active: number; pending: number }> {
  const db = deps.database.db;
  const owners = await ownersForPayouts(db);
  const rows = new Map((await findLinkedAccounts(db)).map((r) => [r.mediaOwnerId, r]));
  let active = 0;
  let pending = 0;
  for (const owner of owners) {
    const row = rows.get(owner.id);
    const upToDate =
      row?.status === 'active' && row.bankFingerprint === bankFingerprint(owner.ifsc, owner.accountNumber);
    const after = upToDate ? row : await ensureLinkedAccount(deps, owner);
    if (after?.status === 'active') active += 1;
    else pending += 1;
  }
  return { active, pending };
}

/** The owner's account for a transfer: active with the current bank details, else null (set up first). */
export async function activeAccountOf(deps: Deps, mediaOwnerId: number): Promise<LinkedAccountRow | null> {
  const [owner] = await ownersForPayouts(deps.database.db, [mediaOwnerId]);
  // A suspended owner's payouts pause (docs/product-rules.md section 7): nothing moves until reinstated.
  if (owner?.status !== 'approved') return null;
  const row = await ensureLinkedAccount(deps, owner);
  return row?.status === 'active' && row.accountId ? row : null;
}

export async function linkedAccountOf(deps: Pick<Deps, 'database'>, mediaOwnerId: number) {
  return (await findLinkedAccount(deps.database.db, mediaOwnerId)) ?? null;
}
