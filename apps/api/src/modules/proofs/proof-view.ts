import { type Proof, type ProofReasonCode, proofReasonCodeSchema } from '@ooh/shared';
import type { ProofRow } from './proofs.repository.ts';

/** Where the display copy is served to the buyer, the site's owner and operators. */
export const proofImageUrl = (proofId: number) => `/api/proofs/${proofId}/image`;

/** A stored proof as every audience sees it (proofSchema); the original and the hash stay inside. */
export function toProof(row: ProofRow): Proof {
  return {
    id: row.id,
    image_url: proofImageUrl(row.id),
    taken_at: row.takenAt ? row.takenAt.toISOString() : null,
    latitude: row.latitude,
    longitude: row.longitude,
    distance_m: row.distanceM,
    camera: row.camera,
    exif_stripped: row.exifStripped,
    verified: row.verified,
    reasons: row.reasons
      .filter((r) => proofReasonCodeSchema.safeParse(r.code).success)
      .map((r) => ({ code: r.code as ProofReasonCode, message: r.message })),
    uploaded_at: row.createdAt.toISOString(),
  };
}
