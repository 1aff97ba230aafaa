import {
  type ConsentsResponse,
  MARKETING_CONSENT_VERSION,
  type MarketingConsentBody,
  type PersonalData,
} from '@ooh/shared';
import type { AppDeps } from '../../app-types.ts';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import {
  type ConsentRow,
  consentsOfUser,
  insertConsent,
  latestConsentForUpdate,
} from './users.repository.ts';

type ConsentState = ConsentsResponse['data']['notice'];

const stateOf = (row: ConsentRow | undefined): ConsentState =>
  row
    ? { given: row.action === 'given', version: row.version, at: row.at.toISOString() }
    : { given: false, version: null, at: null };

/**
 * A code signed in after its notice was shown: the account keeps that version. Written once per version,
 * so signing in every day adds nothing, and a changed notice is recorded when it is first accepted.
 */
export async function recordNoticeAccepted(db: Db, userId: number, version: string, at: Date): Promise<void> {
  await inTransaction(db, async (tx) => {
    const latest = await latestConsentForUpdate(tx, userId, 'notice');
    if (latest?.action === 'given' && latest.version === version) return;
    await insertConsent(tx, { userId, purpose: 'notice', version, action: 'given', at });
  });
}

/** GET /api/me/consents. */
export async function consentsOf(deps: AppDeps, userId: number): Promise<ConsentsResponse['data']> {
  const rows = await consentsOfUser(deps.database.db, userId);
  const latest = (purpose: ConsentRow['purpose']) => rows.filter((r) => r.purpose === purpose).at(-1);
  return { notice: stateOf(latest('notice')), marketing: stateOf(latest('marketing')) };
}

/**
 * POST /api/me/consents/marketing: given or withdrawn in one step. Saying the same twice records nothing
 * new (a double click, a replay), so the history shows only real changes.
 */
export async function setMarketingConsent(
  deps: AppDeps,
  userId: number,
  body: MarketingConsentBody,
): Promise<ConsentsResponse['data']> {
  const now = deps.clock.now();
  await inTransaction(deps.database.db, async (tx) => {
    const latest = await latestConsentForUpdate(tx, userId, 'marketing');
    const given = latest?.action === 'given';
    if (given === body.given) return;
    await insertConsent(tx, {
      userId,
      purpose: 'marketing',
      version: body.given ? MARKETING_CONSENT_VERSION : (latest?.version ?? MARKETING_CONSENT_VERSION),
      action: body.given ? 'given' : 'withdrawn',
      at: now,
    });
  });
  return consentsOf(deps, userId);
}

/** The consent history for GET /api/me/data. */
export async function consentHistory(db: Db, userId: number): Promise<PersonalData['consents']> {
  return (await consentsOfUser(db, userId)).map((r) => ({
    purpose: r.purpose,
    version: r.version,
    action: r.action,
    at: r.at.toISOString(),
  }));
}
