import { z } from 'zod';
import { orderLineStatusSchema, proofSchema } from './order-detail.schemas.ts';

/*
 * The media owner's proofs of posting (docs/product-rules.md sections 9 and 13, decision 029).
 * POST /api/partner/lines/{lineId}/proofs answers the stored proof with its checks;
 * GET /api/partner/proofs lists the lines of the owner's sites that are running or due, with their proofs.
 */

export const proofResponseSchema = z.object({ data: proofSchema });
export type ProofResponse = z.infer<typeof proofResponseSchema>;

export const partnerProofLineSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  site: z.object({
    id: z.number().int(),
    name: z.string(),
    code: z.string(),
    city: z.string(),
    address: z.string(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
  }),
  campaign_name: z.string(),
  from_date: z.string(),
  to_date: z.string(),
  status: orderLineStatusSchema,
  /** Proofs are taken now: the line has started and its creative is approved (or it is posted). */
  can_post_proof: z.boolean(),
  /** Why not, in words, when can_post_proof is false. */
  blocked_reason: z.string().nullable(),
  /** The proof that released the line's payout: it can no longer be withdrawn (docs/product-rules.md section 7). */
  payout_released_by_proof_id: z.number().int().nullable(),
  proofs: z.array(proofSchema),
});
export type PartnerProofLine = z.infer<typeof partnerProofLineSchema>;

export const partnerProofLinesSchema = z.object({ data: z.array(partnerProofLineSchema) });
export type PartnerProofLines = z.infer<typeof partnerProofLinesSchema>;

/** What a proof upload may be, checked by content: the types the browsers and phones produce and sharp reads. */
export const PROOF_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** A phone's full-resolution photo fits with room to spare. */
export const PROOF_PHOTO_MAX_BYTES = 25 * 1024 * 1024;

/** GET /api/ops/orders/{id}/proofs: every line of the order with its proofs, for the back office. */
export const opsOrderProofsSchema = z.object({
  data: z.array(
    z.object({
      line_id: z.number().int(),
      site: z.object({ name: z.string(), latitude: z.number().nullable(), longitude: z.number().nullable() }),
      proofs: z.array(proofSchema),
    }),
  ),
});
export type OpsOrderProofs = z.infer<typeof opsOrderProofsSchema>;
