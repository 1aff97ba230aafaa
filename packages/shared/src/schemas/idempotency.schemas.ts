import { z } from 'zod';

/**
 * The header that makes a creating call (create_customized_campaign, save_campaign, booking/book) safe to
 * repeat: the same key with the same body answers the first call's result instead of creating again
 * (docs/product-rules.md section 3a). Clients make one key per user action and reuse it on every retry of that action.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** A UUID or any other token of 8 to 100 letters, digits and `-_:.`. */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_:.-]{8,100}$/, 'Expected 8 to 100 letters, digits or -_:.');

/** Request headers of a creating call; the other headers pass through untouched. */
export const idempotencyHeadersSchema = z.looseObject({
  [IDEMPOTENCY_HEADER]: idempotencyKeySchema.optional(),
});

/** error.code of a key reused with a different body (409). */
export const IDEMPOTENCY_KEY_REUSED = 'idempotency_key_reused';
