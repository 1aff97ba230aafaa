import type { Db } from '../../db/client.ts';
import { moveLine } from './order-lines.repository.ts';

/**
 * A proof of posting moves its line to `posted` (creative_approved -> posted, or posted -> posted for
 * more photos), in the caller's transaction; any other status is moveLine's 409. The proofs module calls
 * this: only the orders module writes lines.
 */
export async function markLinePosted(
  tx: Db,
  move: { lineId: number; actorUserId: number; now: Date; note: string },
): Promise<void> {
  await moveLine(tx, { ...move, to: 'posted', actorRole: 'media_owner' });
}
