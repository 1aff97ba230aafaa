import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFactoryApp, type Factory, factory } from '../../../test/factory.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { pricingRules } from '../../db/pricing-schema.ts';
import { lockOwnerRules } from './pricing.repository.ts';
import { MAX_RULES_PER_OWNER } from './pricing-rules.service.ts';

/**
 * The rule cap is counted and inserted under the owner's lock in one transaction (decision 083): two
 * creates racing at one below the cap cannot both pass the count. Needs concurrent connections, so it
 * runs on PostgreSQL only (*.pg.test.ts).
 */
describe('the pricing rule cap under concurrent creates', () => {
  let ctx: TestContext;
  let make: Factory;
  beforeAll(async () => {
    ctx = await createFactoryApp();
    make = factory(ctx);
  });
  afterAll(() => ctx.close());

  it(`lets exactly one of two creates at ${MAX_RULES_PER_OWNER - 1} rules in; the other is 409 too_many_rules`, async () => {
    const owner = await make.owner({ members: ['manager'] });
    const db = ctx.database.db;
    await db.insert(pricingRules).values(
      Array.from({ length: MAX_RULES_PER_OWNER - 1 }, (_, i) => ({
        mediaOwnerId: owner.id,
        kind: 'volume' as const,
        name: `Filler ${i}`,
        percentBp: 500,
        minSites: 2,
        minValuePaise: null,
      })),
    );
    const body = (name: string) => ({ kind: 'volume', name, percent: 5, min_sites: 3 });
    const answers = await Promise.all([
      make.call(owner.admin, 'POST', '/api/partner/pricing-rules', body('Admin rule')),
      make.call(
        owner.members.manager ?? owner.admin,
        'POST',
        '/api/partner/pricing-rules',
        body('Manager rule'),
      ),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((a) => a.statusCode === 409);
    expect(refused?.json().error.code).toBe('too_many_rules');
    expect(refused?.json().error.message).toContain(`at most ${MAX_RULES_PER_OWNER}`);
    const rows = await db.select().from(pricingRules).where(eq(pricingRules.mediaOwnerId, owner.id));
    expect(rows).toHaveLength(MAX_RULES_PER_OWNER);
  });

  it('makes a create wait for a rival that holds the count, then counts its rule: 409, nothing written', async () => {
    const owner = await make.owner();
    const db = ctx.database.db;
    const filler = (i: number) => ({
      mediaOwnerId: owner.id,
      kind: 'volume' as const,
      name: `Filler ${i}`,
      percentBp: 500,
      minSites: 2,
      minValuePaise: null,
    });
    await db
      .insert(pricingRules)
      .values(Array.from({ length: MAX_RULES_PER_OWNER - 1 }, (_, i) => filler(i)));
    let commit!: () => void;
    const gate = new Promise<void>((resolve) => {
      commit = resolve;
    });
    let inserted!: () => void;
    const rivalInserted = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    // A rival create holding the owner's lock with the 200th rule inserted, not yet committed.
    const rival = db.transaction(async (tx) => {
      await lockOwnerRules(tx, owner.id);
      await tx.insert(pricingRules).values(filler(MAX_RULES_PER_OWNER));
      inserted();
      await gate;
    });
    await rivalInserted;
    const attempt = make.call(owner.admin, 'POST', '/api/partner/pricing-rules', {
      kind: 'volume',
      name: 'Late rule',
      percent: 5,
      min_sites: 3,
    });
    // Either the create waits on the lock (then the rival commits), or it answers first: then it did not
    // wait, counted 199 and the assertions below fail.
    let answered = false;
    void attempt.then(() => {
      answered = true;
    });
    for (;;) {
      if (answered) break;
      const waiting = await db.execute(
        sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      if ((waiting as unknown as { rows: Array<{ n: number }> }).rows[0].n > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    commit();
    await rival;
    const res = await attempt;
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('too_many_rules');
    const rows = await db.select().from(pricingRules).where(eq(pricingRules.mediaOwnerId, owner.id));
    expect(rows).toHaveLength(MAX_RULES_PER_OWNER);
  });
});
