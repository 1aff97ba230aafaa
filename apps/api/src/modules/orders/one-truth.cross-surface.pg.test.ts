import { afterAll, beforeAll, describe, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { OPERATOR_PHONE } from '../partners/partners.test-helpers.ts';
import { checkEverySurface } from './one-truth.surfaces.test-helpers.ts';
import { liveTheLife } from './one-truth.test-helpers.ts';

/**
 * Issue 19's quality bar, one truth per order: a scripted life (two lines paid online, one cancelled by
 * the buyer, one refunded by an operator in two parts of which one fails at the provider first and is
 * retried, one cash order) after which My Orders, the order API, the owner's bookings and calendar, the
 * statement (JSON, CSV), the invoices and credit notes (PDF text), the messages sent and the operator's
 * order page agree to the paisa and the day. This file runs it on PostgreSQL (the api-postgres project), beside the PGlite run of one-truth.cross-surface.test.ts.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { OPERATOR_PHONES: OPERATOR_PHONE } });
});
afterAll(() => ctx.close());

describe('one truth per order, on every surface', () => {
  it('agrees to the paisa and the day after a scripted life', async () => {
    await checkEverySurface(ctx, await liveTheLife(ctx));
  });
});
