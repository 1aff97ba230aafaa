import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import {
  createFactoryApp,
  expectStatus,
  type Factory,
  factory,
  type Owner,
  type Person,
  type Site,
} from '../../../test/factory.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { notifications } from '../../db/schema.ts';

export const DAY = 86_400_000;
// The clock starts at 2026-11-22 12:00 IST and moves on by days in some tests: dates well ahead.
export const FROM = '2027-01-04';
export const TO = '2027-01-11';

export interface HoldsSuite {
  ctx: TestContext;
  make: Factory;
  owner: Owner;
  site: Site;
}

/**
 * The holds tests' setup (decision 082), shared by holds.routes.test.ts and holds-notices.routes.test.ts:
 * one app with every read fresh, and each test on a site (and owner) of its own, so one never sees
 * another's holds. `use` hands the current app, factory, owner and site to the test file's variables.
 */
export function holdsSuite(use: (suite: HoldsSuite) => void) {
  const s = {} as HoldsSuite;
  beforeAll(async () => {
    // Every read fresh: the catalogue cache learns of changes by NOTIFY, a moment after the commit.
    s.ctx = await createFactoryApp({ env: { CATALOGUE_CACHE_TTL_MS: '0' } });
    s.make = factory(s.ctx);
    use(s);
  });
  afterAll(() => s.ctx.close());
  beforeEach(async () => {
    // A fresh owner too: its admin's token is good for an hour of the clock, which some tests move on by days.
    s.owner = await s.make.owner();
    s.site = await s.make.site(s.owner, 'live', { name: 'Worli Sea Face Gantry' });
    use(s);
  });

  type Who = Parameters<Factory['call']>[0];
  return {
    /** A sign-in token is good for an hour: after the clock moved on by days, the same person signs in again. */
    again: (p: Person) => s.make.person(p.phone),
    dayAfter: (days: number) => new Date(s.ctx.clock.now().getTime() + days * DAY).toISOString().slice(0, 10),
    hold: (who: Who, body: object) => s.make.call(who, 'POST', '/api/holds', body),
    book: (who: Who, from = FROM, to = TO) =>
      s.make.call(who, 'POST', '/api/booking/book', {
        amount: s.site.weekRupees,
        data: [{ product_id: s.site.id, from_date: from, to_date: to, customized: false }],
      }),
    freeFor: async (from: string, to: string) =>
      expectStatus<{ data: Array<{ status: boolean }> }>(
        await s.make.call(null, 'POST', '/api/booking/booking_availability_check_multiple', [
          { product_id: s.site.id, from_date: from, to_date: to },
        ]),
      ).data[0],
    noticesOf: (template: 'hold_expired' | 'hold_dates_free', recipients: string[]) =>
      s.ctx.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.template, template), inArray(notifications.recipient, recipients))),
    myHolds: async (who: Who) =>
      expectStatus<{
        results: Array<{ id: number; product_id: number; status: string; renewable: boolean }>;
        held_sites: number;
      }>(await s.make.call(who, 'GET', '/api/holds')),
    release: (who: Who, id: number) => s.make.call(who, 'DELETE', `/api/holds/${id}`),
  };
}
