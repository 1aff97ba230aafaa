import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFactoryApp, type Factory, factory, type Person } from '../../../test/factory.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { auditLog, breaches } from '../../db/schema.ts';

let ctx: TestContext;
let make: Factory;
let operator: Person;
beforeAll(async () => {
  ctx = await createFactoryApp();
  make = factory(ctx);
  operator = await make.operator();
});
afterAll(() => ctx.close());

/** An hour before the test clock's now, in IST as an operator's form sends it. */
const hoursAgo = (hours: number) => {
  const at = new Date(ctx.clock.now().getTime() - hours * 3_600_000 + 5.5 * 3_600_000);
  return `${at.toISOString().slice(0, 19)}+05:30`;
};
const breach = () => ({
  discovered_at: hoursAgo(2),
  occurred_at: hoursAgo(30),
  nature: 'A plan share link was posted on a public forum with the buyer’s billing address in its notes.',
  extent: 'One buyer: name and billing address.',
  people_affected: 1,
  likely_impact: 'Unsolicited contact at the billing address.',
});
const record = (who: Person | null, body: unknown = breach()) =>
  make.call(who, 'POST', '/api/ops/breaches', body);
const step = (who: Person | null, id: number, body: unknown) =>
  make.call(who, 'PATCH', `/api/ops/breaches/${id}`, body);

describe('the breach register (DPDP Rules 2025 rule 7)', () => {
  it('records a breach with its 72-hour report deadline, lists it, and audits it without the details', async () => {
    const res = await record(operator);
    expect(res.statusCode).toBe(201);
    const made = res.json().data;
    const known = new Date(made.discovered_at).getTime();
    expect(new Date(made.report_due_at).getTime() - known).toBe(72 * 3_600_000);
    expect(made).toMatchObject({
      next_step: 'tell_board',
      people_affected: 1,
      measures: '',
      closed_at: null,
    });

    const list = await make.call(operator, 'GET', '/api/ops/breaches');
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.json().results.map((b: { id: number }) => b.id)).toContain(made.id);

    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'breach.record'), eq(auditLog.entityId, String(made.id))));
    expect(audit).toBeDefined();
    expect(JSON.stringify(audit)).not.toContain('billing address');
  });

  it('takes the steps in order, keeps a recorded time, and refuses closing before the report', async () => {
    const { id } = (await record(operator)).json().data;
    const told = await step(operator, id, { board_told_at: hoursAgo(1) });
    expect(told.json().data.next_step).toBe('tell_people');
    // The same time again is a repeat (a double click); another time is refused.
    expect((await step(operator, id, { board_told_at: hoursAgo(1) })).statusCode).toBe(200);
    const moved = await step(operator, id, { board_told_at: hoursAgo(0.5) });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error.message).toContain('already recorded');

    const early = await step(operator, id, { closed_at: hoursAgo(0.2) });
    expect(early.statusCode).toBe(400);
    expect(early.json().error.fields).toHaveProperty('closed_at');

    await step(operator, id, { people_told_at: hoursAgo(0.9), measures: 'The link was revoked.' });
    await step(operator, id, { report_sent_at: hoursAgo(0.5) });
    const closed = await step(operator, id, { closed_at: hoursAgo(0.1) });
    expect(closed.json().data).toMatchObject({ next_step: 'done', measures: 'The link was revoked.' });
  });

  it('refuses times that cannot be, with a 400 naming the field, and records nothing', async () => {
    const before = (await ctx.database.db.select().from(breaches)).length;
    const future = await record(operator, { ...breach(), discovered_at: hoursAgo(-2) });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.fields).toHaveProperty('discovered_at');
    const backwards = await record(operator, {
      ...breach(),
      occurred_at: hoursAgo(1),
      discovered_at: hoursAgo(3),
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields).toHaveProperty('occurred_at');
    const loose = await record(operator, { ...breach(), discovered_at: '2026-12-01 10:00' });
    expect(loose.statusCode).toBe(400);
    // A year PostgreSQL has no date for is refused by the schema, not by the database.
    expect((await record(operator, { ...breach(), discovered_at: '0000-01-01T00:00:00Z' })).statusCode).toBe(
      400,
    );
    expect((await ctx.database.db.select().from(breaches)).length).toBe(before);

    const { id } = (await record(operator)).json().data;
    const beforeKnown = await step(operator, id, { board_told_at: hoursAgo(5) });
    expect(beforeKnown.statusCode).toBe(400);
    expect((await step(operator, id, {})).statusCode).toBe(400);
    expect((await step(operator, 999_999, { board_told_at: hoursAgo(1) })).statusCode).toBe(404);
  });

  it('is the operators’ alone', async () => {
    const buyer = await make.buyer();
    const owner = await make.owner();
    for (const who of [buyer, owner.admin]) {
      expect((await make.call(who, 'GET', '/api/ops/breaches')).statusCode).toBe(403);
      expect((await record(who)).statusCode).toBe(403);
    }
    expect((await make.call(null, 'GET', '/api/ops/breaches')).statusCode).toBe(401);
  });
});
