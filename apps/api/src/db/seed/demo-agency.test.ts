import { isValidGstin } from '@ooh/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFactoryApp, expectStatus, type Factory, factory } from '../../../test/factory.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { DEMO_AGENCY, ensureDemoAgency } from './demo-agency.ts';

/** README's demo agency (decision 092): its numbers act for it at their first sign-in. */
describe('the demo agency', () => {
  let ctx: TestContext;
  let make: Factory;
  beforeAll(async () => {
    ctx = await createFactoryApp();
    make = factory(ctx);
    await ensureDemoAgency(ctx.database.db, ctx.clock.now());
  });
  afterAll(() => ctx.close());

  it('has an admin and a planner who act for it, a client needing approval under a limit, one billed through it', async () => {
    const admin = await make.person(DEMO_AGENCY.adminPhone);
    const agency = expectStatus<{ data: { company_name: string; gstin: string; pan: string; role: string } }>(
      await make.call(admin, 'GET', '/api/agency'),
    ).data;
    expect(agency).toMatchObject({
      company_name: DEMO_AGENCY.companyName,
      role: 'admin',
      pan: DEMO_AGENCY.pan,
    });
    expect(isValidGstin(agency.gstin)).toBe(true);
    const planner = await make.person(DEMO_AGENCY.plannerPhone);
    type Client = {
      name: string;
      gstin: string | null;
      bill_to: string;
      approval_required: boolean;
      monthly_limit_paise: number | null;
    };
    const clients = expectStatus<{ data: Client[] }>(
      await make.call(planner, 'GET', '/api/agency/clients'),
    ).data;
    expect(clients.map((c) => [c.name, c.bill_to, c.approval_required, c.monthly_limit_paise])).toEqual([
      ['Chai Point Brands Pvt Ltd', 'client', true, 10_00_000_00],
      ['Monsoon Footwear LLP', 'agency', false, null],
    ]);
    expect(isValidGstin(clients[0].gstin!)).toBe(true);
    // Seeding again leaves it as it is.
    await ensureDemoAgency(ctx.database.db, ctx.clock.now());
    expect(
      expectStatus<{ data: Client[] }>(await make.call(planner, 'GET', '/api/agency/clients')).data,
    ).toHaveLength(2);
  });
});
